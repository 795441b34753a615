import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable } from "./data-table";

function table(stacked?: boolean) {
  return renderToStaticMarkup(
    <DataTable className="alarm-table" caption="Alarms" columns={["Quantity", "Type"]} stacked={stacked}>
      <tr>
        <th scope="row">Heat</th>
        <td data-label="Type">Total</td>
      </tr>
    </DataTable>,
  );
}

describe("DataTable", () => {
  it("stacks its rows on a phone only when asked, keeping the caller's class", () => {
    expect(table(true)).toMatch(/^<table class="alarm-table table-stacked">/);
    expect(table()).toMatch(/^<table class="alarm-table">/);
  });

  it("keeps its column headings when stacked: screen readers still read it as a table", () => {
    expect(table(true)).toContain('<thead><tr><th scope="col">Quantity</th><th scope="col">Type</th></tr></thead>');
  });

  it("has no empty class without one", () => {
    expect(renderToStaticMarkup(<DataTable columns={["A"]}>{null}</DataTable>)).toMatch(/^<table><thead>/);
  });
});
