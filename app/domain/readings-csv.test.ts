import { describe, expect, it } from "vitest";
import { csvDialect, csvNumber, readingsCsv, readingsFileName } from "./readings-csv";

describe("readingsCsv", () => {
  const timestamps = ["2026-10-01T00:00:00+02:00", "2026-10-02T00:00:00+02:00"];
  const columns = [
    { header: "Heating 61000009 (kWh)", values: [12.5, 13] },
    { header: 'Cold water 32000009; "kitchen" (m³)', values: [0.1234567, null] },
  ];

  it("writes a Danish spreadsheet with semicolons, decimal commas and a byte-order mark", () => {
    expect(readingsCsv("Tidspunkt", timestamps, columns, csvDialect("local", "da"))).toBe(
      '\uFEFFTidspunkt;Heating 61000009 (kWh);"Cold water 32000009; ""kitchen"" (m³)"\r\n' +
        "2026-10-01T00:00:00+02:00;12,5;0,123457\r\n" +
        "2026-10-02T00:00:00+02:00;13;\r\n",
    );
  });

  it("writes plain CSV for programs, the same in every language", () => {
    const plain = readingsCsv("time", timestamps, columns, csvDialect("plain", "nb"));
    expect(plain.startsWith("time,")).toBe(true);
    expect(plain).toContain("2026-10-01T00:00:00+02:00,12.5,0.123457\r\n");
    expect(csvDialect("local", "en")).toEqual({ separator: ",", decimal: ".", bom: true });
  });

  it("never groups digits or uses exponents", () => {
    const dialect = csvDialect("plain", "en");
    expect(csvNumber(1234567.891, dialect)).toBe("1234567.891");
    expect(csvNumber(0.0000001, dialect)).toBe("0");
    expect(csvNumber(-0.0000001, dialect)).toBe("0");
    expect(csvNumber(null, dialect)).toBe("");
  });

  it("names the file by unit, dates and resolution", () => {
    expect(readingsFileName("DK1042-0201", "2026-10-01", "2026-10-31", "day")).toBe(
      "readings-DK1042-0201-2026-10-01-2026-10-31-day.csv",
    );
  });
});
