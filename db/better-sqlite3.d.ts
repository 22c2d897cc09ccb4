/**
 * The slice of better-sqlite3 this project uses. The package ships no types and
 * @types/better-sqlite3 is not installed; Kysely only needs `prepare` and `close`.
 */
declare module "better-sqlite3" {
  interface RunResult {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  }

  export interface Statement {
    readonly reader: boolean;
    /** False when it may write (sqlite3_stmt_readonly; BEGIN/COMMIT/ROLLBACK count as read-only). */
    readonly readonly: boolean;
    /** True while an iterate() over it is unfinished. */
    readonly busy: boolean;
    all(...parameters: unknown[]): unknown[];
    get(...parameters: unknown[]): unknown;
    run(...parameters: unknown[]): RunResult;
    iterate(...parameters: unknown[]): IterableIterator<unknown>;
  }

  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
    timeout?: number;
  }

  class Database {
    constructor(filename?: string, options?: Options);
    readonly open: boolean;
    readonly name: string;
    prepare(sql: string): Statement;
    exec(sql: string): this;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    /** Registers a user function callable from SQL. */
    function(
      name: string,
      options: { deterministic?: boolean; varargs?: boolean },
      implementation: (...parameters: never[]) => unknown,
    ): this;
    close(): this;
  }

  export default Database;
}
