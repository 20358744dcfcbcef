import { useState } from 'react';
import type { FormEvent } from 'react';

/** What a form's pure check returns: the input to send, or an error per field. */
export type FormCheck<Values, Input> =
  | { ok: true; input: Input }
  | { ok: false; errors: Partial<Record<keyof Values, string>> };

/**
 * Form state with inline field errors: `set` changes one field and clears its error
 * (an edited field's old error no longer describes it); `submit` runs the pure `check`
 * and either shows the errors or calls `onValid` with the checked input.
 */
export function useCheckedForm<Values extends object, Input>(
  initial: () => Values,
  check: (values: Values) => FormCheck<Values, Input>,
  onValid: (input: Input) => void,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onValid(result.input);
  };

  return { values, errors, set, submit };
}
