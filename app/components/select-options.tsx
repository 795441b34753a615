/** The options of a select, each value with its label: the one markup of every select's choices. */
export function Options<Value extends string>({
  values,
  label,
}: {
  values: readonly Value[];
  label: (value: Value) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/**
 * A select of an inline filter form, its label's text before it. A new `resetKey` makes a fresh
 * select, so it shows the new default after the page's data changed under it.
 */
export function LabelledSelect<Value extends string>({
  label,
  name,
  defaultValue,
  resetKey,
  values,
  optionLabel,
}: {
  label: string;
  name: string;
  defaultValue: string;
  resetKey?: string;
  values: readonly Value[];
  optionLabel: (value: Value) => string;
}) {
  return (
    <label>
      <span>{label}</span>{" "}
      <select name={name} defaultValue={defaultValue} key={resetKey}>
        <Options values={values} label={optionLabel} />
      </select>
    </label>
  );
}
