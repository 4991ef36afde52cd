import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFieldErrors } from './validation.ts';

/**
 * Form errors shown after the first send: the client rules re-run on every change from then on,
 * errors from the server stay on their field until it is edited, and a failed send moves the focus
 * to the first invalid field.
 */
export function useFieldErrors<K extends string>(rules: () => TFieldErrors<K>) {
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<TFieldErrors<K>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: TFieldErrors<K> = { ...server, ...(checked ? rules() : {}) };

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** True when the form may be sent. */
  const validate = () => {
    setChecked(true);
    const ok = Object.keys(rules()).length === 0;
    if (!ok) setFocusRequest((n) => n + 1);
    return ok;
  };

  const setServerError = useCallback((field: K, message: string) => {
    setServer((prev) => ({ ...prev, [field]: message }));
    setFocusRequest((n) => n + 1);
  }, []);

  const clearServerError = useCallback((field: K) => {
    setServer((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setChecked(false);
    setServer({});
  }, []);

  return { errors, validate, setServerError, clearServerError, reset, formRef };
}

/**
 * Text fields held together with their errors: `field(name)` binds an input's value, error and
 * change handler (a change also clears that field's server error).
 */
export function useFormFields<K extends string>(
  initial: Record<K, string>,
  rules: (values: Record<K, string>) => TFieldErrors<K>,
) {
  const [values, setValues] = useState(initial);
  const form = useFieldErrors<K>(() => rules(values));
  const field = (name: K) => ({
    value: values[name],
    error: form.errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      form.clearServerError(name);
    },
  });
  return { ...form, values, setValues, field };
}
