const STEPS = ["Create Order", "YOUR DETAILS", "ORDER CONFIRMATION"] as const;

export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <ol className="steps" aria-label="Order progress">
      {STEPS.map((name, index) => {
        const number = index + 1;
        const state = number < step ? "done" : number === step ? "current" : "todo";
        return (
          <li key={name} className={`step step-${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="step-number" aria-hidden="true">
              {number}
            </span>
            <span className="step-name">{name}</span>
            {state === "done" ? <span className="visually-hidden"> (completed)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
