import { describe, expect, it } from "vitest";
import { CsvError, csvCell, csvText, formatCsv, parseCsv } from "./csv.ts";

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe("parseCsv", () => {
  it("splits fields and records, CRLF or LF, with or without a final line end", () => {
    expect(fieldsOf("a,b,c\r\n1,2,3\r\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(fieldsOf("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(fieldsOf('code,text\nA,"one, two"\nB,"say ""hi"""\nC,"line 1\r\nline 2"\n')).toEqual([
      ["code", "text"],
      ["A", "one, two"],
      ["B", 'say "hi"'],
      ["C", "line 1\r\nline 2"],
    ]);
  });

  it("keeps empty fields, quoted or not", () => {
    expect(fieldsOf('a,b,c\n,"",\n')).toEqual([
      ["a", "b", "c"],
      ["", "", ""],
    ]);
  });

  it("drops a UTF-8 byte order mark and empty lines", () => {
    expect(fieldsOf("\uFEFFcode,name\n\nA,Ä\r\n\r\n")).toEqual([
      ["code", "name"],
      ["A", "Ä"],
    ]);
  });

  it("numbers each record by the line it starts on", () => {
    const records = parseCsv('h1,h2\n"multi\nline",x\n\nlast,y\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
    const crlf = parseCsv('h\r\n"x\r\ny",z\r\n\r\nlast\r\n');
    expect(crlf.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it("reads CR, LF and CRLF line ends mixed in one file", () => {
    expect(fieldsOf("a\rb\nc\r\nd")).toEqual([["a"], ["b"], ["c"], ["d"]]);
  });

  it("takes a quote inside an unquoted field literally", () => {
    expect(fieldsOf('a\n5" screen\n')).toEqual([["a"], ['5" screen']]);
  });

  it("refuses an unclosed quote and text after a closing quote, naming the line", () => {
    expect(() => parseCsv('a,b\n1,"never closed\n')).toThrow(
      new CsvError("Line 2: a quoted field is never closed."),
    );
    expect(() => parseCsv('a,b\n\n1,"x"y\n')).toThrow(/^Line 3: text after a closing quote/);
  });
});

describe("csvCell and csvText", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(-42)).toBe("-42");
  });

  it("neutralises spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("+44 7700 900123 =1+1")).toBe("'+44 7700 900123 =1+1");
    expect(csvCell("+")).toBe("'+");
    expect(csvCell("+44\t7700")).toBe("'+44\t7700");
  });

  it.each(["+44 7700 900123", "+1 (555) 010-0100", "+33.1.23.45.67.89", "+4930123456"])(
    "keeps the telephone number %j as typed",
    (telephone) => {
      expect(csvCell(telephone)).toBe(telephone);
      const [record] = parseCsv(`${csvCell(telephone)},end\n`);
      expect(csvText(record!.fields[0]!)).toBe(telephone);
    },
  );

  it.each(["=1+1", "'=1+1", "''@x", "-", "'quoted'", "plain", "", "'+44 7700 900123"])(
    "gives back %j exactly after a write and a read",
    (text) => {
      const [record] = parseCsv(`${csvCell(text)},end\n`);
      expect(csvText(record!.fields[0]!)).toBe(text);
    },
  );

  it("formats a document with CRLF line ends", () => {
    expect(
      formatCsv(
        ["a", "b"],
        [
          ["x,y", 1],
          [null, "=2"],
        ],
      ),
    ).toBe('a,b\r\n"x,y",1\r\n,\'=2\r\n');
  });
});
