/**
 * The branch choice of a staff page's GET form (stock, the day's report): a labelled select that
 * shows the branch the page is about and starts again from it when the page's data changes.
 */
export function BranchField({
  id,
  branches,
  selected,
}: {
  id: string;
  branches: readonly { key: string; name: string }[];
  selected: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Branch</label>
      <select id={id} name="branch" defaultValue={selected} key={selected}>
        {branches.map((b) => (
          <option key={b.key} value={b.key}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}
