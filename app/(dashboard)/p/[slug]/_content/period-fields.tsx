/** The commit window an item covers (YYYY-MM-DD), as the changelog and blog post editors ask for it. */
export function PeriodFields(props: { start: string; end: string; onStart: (value: string) => void; onEnd: (value: string) => void }) {
  return (
    <>
      <label>
        Period start <input type="date" value={props.start} onChange={(e) => props.onStart(e.target.value)} />
      </label>
      <label>
        Period end <input type="date" value={props.end} onChange={(e) => props.onEnd(e.target.value)} />
      </label>
    </>
  );
}
