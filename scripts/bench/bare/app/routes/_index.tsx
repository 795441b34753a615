import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/**
 * The bench's reference page (issue 27): one loader returning 30 rows, rendered as a table. The
 * rows are made on every request, as a page's data would be.
 */
export const meta: MetaFunction = () => [{ title: "Bare page" }];

export function loader() {
  const start = Date.UTC(2026, 0, 1);
  return {
    rows: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      kWh: Math.round((12 + 6 * Math.sin(i / 3) + Math.random()) * 100) / 100,
      note: `Reading ${i + 1}`,
    })),
  };
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Consumption</h1>
      <table>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">kWh</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <td>{row.day}</td>
              <td>{row.kWh.toFixed(2)}</td>
              <td>{row.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
