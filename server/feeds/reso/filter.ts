/**
 * `$filter` (decision 094): parsed by @odata/parser (OData 4.0's ABNF), then translated to a
 * Kysely expression on the `property` table, on either dialect, with every value bound as a
 * parameter. What is understood: eq, ne, gt, ge, lt, le, and, or, not, parentheses and
 * contains(Field,'text'); on the fields of fields.ts that have a column. Anything else is a
 * 400 that says what, never a query that fails in the database.
 *
 * OData's null semantics are kept: `ne` holds for a field without a value, the comparisons do
 * not, and `eq null` finds the fields without one (a field's `storedNull` counts as null).
 */
import { defaultParser, type Token } from "@odata/parser";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { foldedCountryName } from "../../../db/queries/portal-readiness.ts";
import { badQuery } from "./errors.ts";
import {
  type FeedColumn,
  type FeedDatabase,
  type ResoField,
  resoPropertyFieldsByName,
} from "./fields.ts";

type PropertyBuilder = ExpressionBuilder<FeedDatabase, "property">;

/** A translated filter: made into SQL when the query is built. */
export type FeedCondition = (eb: PropertyBuilder, dialect: FeedDialect) => Expression<SqlBool>;

export type FeedDialect = "sqlite" | "postgres";

type Comparison = "=" | "<>" | ">" | ">=" | "<" | "<=";

const comparisons: Readonly<Record<string, [Comparison, string]>> = {
  EqualsExpression: ["=", "eq"],
  NotEqualsExpression: ["<>", "ne"],
  GreaterThanExpression: [">", "gt"],
  GreaterOrEqualsExpression: [">=", "ge"],
  LesserThanExpression: ["<", "lt"],
  LesserOrEqualsExpression: ["<=", "le"],
};

/**
 * The longest $filter read, and its deepest nesting of parentheses: far above any real one,
 * and bounds on the parser's work, which grows fast with the depth (a hundred open
 * parentheses take it a tenth of a second, three thousand a quarter of a minute).
 */
const maxFilterLength = 2000;
const maxFilterDepth = 10;

/** The deepest nesting of parentheses outside quoted text. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (const character of text) {
    // A quote inside text is doubled (''), which leaves and re-enters it: the same here.
    if (character === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (character === "(") deepest = Math.max(deepest, ++depth);
    else if (character === ")") depth -= 1;
  }
  return deepest;
}

/** Parses and translates a `$filter`; throws a 400 ODataError saying what is wrong. */
export function parseFilter(text: string): FeedCondition {
  if (text.length > maxFilterLength) {
    throw badQuery(`$filter is too long (at most ${maxFilterLength} characters).`);
  }
  if (nestingDepth(text) > maxFilterDepth) {
    throw badQuery(`$filter nests parentheses too deep (at most ${maxFilterDepth} levels).`);
  }
  let ast: Token;
  try {
    ast = defaultParser.filter(text);
  } catch (error) {
    throw badQuery(`$filter is not a valid OData expression: ${(error as Error).message}.`);
  }
  return translate(ast);
}

function translate(node: Token): FeedCondition {
  switch (node.type) {
    case "AndExpression":
    case "OrExpression": {
      const left = translate(node.value.left);
      const right = translate(node.value.right);
      return node.type === "AndExpression"
        ? (eb, dialect) => eb.and([left(eb, dialect), right(eb, dialect)])
        : (eb, dialect) => eb.or([left(eb, dialect), right(eb, dialect)]);
    }
    case "NotExpression": {
      const inner = translate(node.value);
      return (eb, dialect) => eb.not(inner(eb, dialect));
    }
    case "BoolParenExpression":
    case "ParenExpression":
    case "CommonExpression":
      return translate(node.value);
    case "MethodCallExpression":
      return translateMethod(node);
    default: {
      const comparison = comparisons[node.type];
      if (comparison) return translateComparison(node, ...comparison);
      throw badQuery(`$filter cannot use '${node.raw}': ${unsupportedHelp}`);
    }
  }
}

const unsupportedHelp =
  "the feed understands eq, ne, gt, ge, lt, le, and, or, not, parentheses and contains().";

/** The field a member expression names, or a 400. */
function fieldOf(node: Token): ResoField & { column: FeedColumn } {
  const name = identifierOf(node);
  if (name === undefined) {
    throw badQuery(`$filter compares '${node.raw}', which is not a field of Property.`);
  }
  const field = resoPropertyFieldsByName.get(name);
  if (!field) throw badQuery(`Property has no field '${name}'.`);
  if (!field.column) throw badQuery(`$filter cannot use ${name}: it is not filterable.`);
  return field as ResoField & { column: FeedColumn };
}

/** The single property name of a member expression (`City`), or undefined. */
function identifierOf(node: Token): string | undefined {
  let current: Token | undefined = node;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current.type === "ODataIdentifier") {
      const name = current.value?.name;
      return typeof name === "string" ? name : undefined;
    }
    if (
      current.type !== "CommonExpression" &&
      current.type !== "FirstMemberExpression" &&
      current.type !== "MemberExpression" &&
      current.type !== "PropertyPathExpression"
    ) {
      return undefined;
    }
    current = current.value as Token | undefined;
  }
  return undefined;
}

/** A literal's value: text, a number, an instant, or null. */
type LiteralValue =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | {
      kind: "instant";
      value: string;
    }
  | { kind: "null" };

const numberTypes = new Set([
  "Edm.SByte",
  "Edm.Byte",
  "Edm.Int16",
  "Edm.Int32",
  "Edm.Int64",
  "Edm.Decimal",
  "Edm.Double",
  "Edm.Single",
]);

function literalOf(node: Token): LiteralValue | undefined {
  if (node.type === "Enum") {
    // org.reso.metadata.enums.StandardStatus'Active': the member's name, as text.
    const member = node.value?.value?.value?.values?.[0]?.value?.name;
    return typeof member === "string" ? { kind: "string", value: member } : undefined;
  }
  if (node.type !== "Literal") return undefined;
  const type = node.value as string;
  const raw = node.raw;
  if (type === "null") return { kind: "null" };
  if (type === "Edm.String") {
    const value = raw.slice(1, -1).replaceAll("''", "'");
    // PostgreSQL's text cannot hold NUL: refused here, not failed there.
    if (value.includes("\u0000")) throw badQuery("$filter's text cannot hold a NUL character.");
    return { kind: "string", value };
  }
  if (numberTypes.has(type)) {
    const value = Number(raw.replace(/[mMdDfFlL]$/, ""));
    return Number.isFinite(value) ? { kind: "number", value } : undefined;
  }
  if (type === "Edm.DateTimeOffset" || type === "Edm.Date") {
    const date = new Date(type === "Edm.Date" ? `${raw}T00:00:00Z` : raw);
    return Number.isNaN(date.getTime())
      ? undefined
      : { kind: "instant", value: date.toISOString() };
  }
  return undefined;
}

function translateComparison(node: Token, op: Comparison, word: string): FeedCondition {
  let fieldNode: Token = node.value.left;
  let literalNode: Token = node.value.right;
  let operator = op;
  if (identifierOf(fieldNode) === undefined && identifierOf(literalNode) !== undefined) {
    // `500000 lt ListPrice`: the same comparison, turned round.
    [fieldNode, literalNode] = [literalNode, fieldNode];
    operator = ({ ">": "<", ">=": "<=", "<": ">", "<=": ">=" } as const)[op as ">"] ?? op;
  }
  const field = fieldOf(fieldNode);
  const literal = literalOf(literalNode);
  if (!literal) {
    throw badQuery(
      `$filter compares ${field.name} with '${literalNode.raw}': compare a field with a value.`,
    );
  }
  if (field.containsOnly) {
    throw badQuery(`${field.name} is filtered by contains(${field.name},'text') only.`);
  }
  const column = field.column;
  const storedNull = field.storedNull;
  /** The column holds a value (neither null nor the stored "not given"). */
  const given = (eb: PropertyBuilder) =>
    storedNull === undefined
      ? eb(column, "is not", null)
      : eb.and([eb(column, "is not", null), eb(column, "<>", storedNull as never)]);

  if (literal.kind === "null") {
    if (op !== "=" && op !== "<>") {
      throw badQuery(`$filter compares ${field.name} ${word} null: use eq null or ne null.`);
    }
    return op === "=" ? (eb) => eb.not(given(eb)) : (eb) => given(eb);
  }

  const values = storedValuesOf(field, literal, word);
  const wholeMiss =
    field.whole &&
    typeof values[0] === "number" &&
    (!Number.isInteger(values[0]) || Math.abs(values[0]) > largestWhole);
  if ((op === "=" || op === "<>") && wholeMiss) {
    // No whole number equals 2.5: eq holds nowhere, ne everywhere.
    return op === "=" ? (eb) => eb.lit(false) : (eb) => eb.lit(true);
  }
  if (op === "=" || op === "<>") {
    const equal = (eb: PropertyBuilder, dialect: FeedDialect) => {
      // A country's names are compared as lib/countries.ts folds them.
      const target = field.foldedCountry ? foldedCountryName(dialect) : eb.ref(column);
      return values.length === 1
        ? eb(target, "=", values[0] as never)
        : values.length === 0
          ? eb.lit(false)
          : eb(target, "in", values as never[]);
    };
    return op === "="
      ? (eb, dialect) => eb.and([given(eb), equal(eb, dialect)])
      : (eb, dialect) => eb.not(eb.and([given(eb), equal(eb, dialect)]));
  }
  const [value] = values;
  if (field.whole && typeof value === "number")
    return wholeComparison(column, operator, value, given);
  return (eb) => eb.and([given(eb), eb(column, operator, value as never)]);
}

const largestWhole = 2_147_483_647;

/**
 * A comparison of a whole-number column with any number, made exact in whole numbers (`gt
 * 2.5` is `ge 3`) and within the column's range, so PostgreSQL never reads 2.5 as an integer.
 */
function wholeComparison(
  column: FeedColumn,
  operator: Comparison,
  value: number,
  given: (eb: PropertyBuilder) => Expression<SqlBool>,
): FeedCondition {
  const bound = (whole: number) => Math.max(-largestWhole, Math.min(largestWhole, whole));
  const [op, whole] =
    operator === ">" || operator === "<="
      ? ([operator, bound(Math.floor(value))] as const)
      : ([operator, bound(Math.ceil(value))] as const);
  return (eb) => eb.and([given(eb), eb(column, op, whole)]);
}

/** The stored values a literal stands for in a field's column, checked against its type. */
function storedValuesOf(field: ResoField, literal: LiteralValue, word: string): unknown[] {
  const { name, type } = field;
  if (field.lookup) {
    if (word !== "eq" && word !== "ne") {
      throw badQuery(`${name} is compared by eq and ne only (its values are a list).`);
    }
    if (literal.kind !== "string") throw badQuery(`${name} is text: compare it with 'text'.`);
    const stored = field.lookup[literal.value];
    if (!stored) {
      throw badQuery(
        `${name} has no value '${literal.value}'; its values are ${Object.keys(field.lookup).join(", ")}.`,
      );
    }
    return [...stored];
  }
  if (type === "Edm.String") {
    if (literal.kind !== "string") throw badQuery(`${name} is text: compare it with 'text'.`);
    if (word !== "eq" && word !== "ne") {
      // Text order differs between the databases' collations: only equality is the same.
      throw badQuery(`${name} is text: it is compared by eq, ne and contains() only.`);
    }
    return [literal.value];
  }
  if (type === "Edm.DateTimeOffset") {
    if (literal.kind !== "instant") {
      throw badQuery(`${name} is a timestamp: compare it with one such as 2026-01-01T00:00:00Z.`);
    }
    return [literal.value];
  }
  if (type === "Edm.Date") {
    if (literal.kind !== "instant") {
      throw badQuery(`${name} is a date: compare it with one such as 2026-01-01.`);
    }
    // Stored as `YYYY-MM-DD` text, which sorts as the dates do.
    return [literal.value.slice(0, 10)];
  }
  if (literal.kind !== "number") throw badQuery(`${name} is a number: compare it with a number.`);
  return [literal.value];
}

function translateMethod(node: Token): FeedCondition {
  const method = node.value?.method;
  const parameters: Token[] = node.value?.parameters ?? [];
  if (method !== "contains") {
    throw badQuery(`$filter cannot use ${method}(): ${unsupportedHelp}`);
  }
  const [fieldNode, textNode] = parameters;
  if (!fieldNode || !textNode || parameters.length !== 2) {
    throw badQuery("contains() takes a field and a text: contains(PublicRemarks,'garden').");
  }
  const field = fieldOf(fieldNode);
  const literal = literalOf(textNode);
  if (field.type !== "Edm.String" || field.lookup) {
    throw badQuery(`contains() reads text, and ${field.name} is not free text.`);
  }
  if (literal?.kind !== "string") {
    throw badQuery(`contains(${field.name}, …) needs a text in quotes.`);
  }
  const column = field.column;
  const text = literal.value;
  // Case-sensitive, as OData's contains() is; no LIKE, so % and _ are plain characters.
  return (eb, dialect) =>
    eb(
      eb.fn<number>(dialect === "postgres" ? "strpos" : "instr", [eb.ref(column), eb.val(text)]),
      ">",
      0,
    );
}
