import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useNotify } from '../feedback/notifications';
import { PageHeader, type Crumb } from '../layout/page-header';
import { useLeaveGuard } from './use-leave-guard';
import { submitValues } from './use-zod-form';

type FormPageProps<TValues extends FieldValues, TOutput> = {
  title: string;
  crumbs?: Crumb[];
  form: UseFormReturn<TValues, unknown, TOutput>;
  /**
   * Saves the form's values as typed, once the schema has accepted them: the server parses them
   * with the same schema, so a form never sends the parsed output (see useZodForm). An ApiError
   * with field errors is put on the fields, anything else is notified.
   */
  onSubmit: (values: TValues) => Promise<void>;
  /** Where "Annuleren" goes. */
  cancelTo: string;
  /** Key under which unsaved input is kept in sessionStorage (survives a reload or a re-login). */
  draftKey: string;
  submitLabel?: string;
  /** Extra buttons (archive, resend ...) beside save and cancel. */
  actions?: ReactNode;
  /** Shown beside the form on wide screens and between the title and the form on narrower ones. */
  aside?: ReactNode;
  children: ReactNode;
};

/** Forms are at most 960 px wide on a desktop: wider fields read badly. */
const FORM_WIDTH = 960;

/**
 * With an aside (the customer's places and machines): from lg the aside stands to the right of
 * title and form, spanning their rows (the last row takes its extra height, so the form is not
 * pushed down); below lg everything is one column in page order, the aside above the form.
 */
const WITH_ASIDE = {
  display: 'grid',
  maxWidth: { lg: FORM_WIDTH + 360 + 24 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' },
  gridTemplateRows: { lg: 'auto auto 1fr' },
  columnGap: 3,
  alignItems: 'start',
} as const;

const draftStorage = {
  read<T>(key: string): T | null {
    try {
      const raw = sessionStorage.getItem(`draft:${key}`);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  },
  write(key: string, value: unknown) {
    try {
      sessionStorage.setItem(`draft:${key}`, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the unsaved-changes guard still protects the input.
    }
  },
  clear(key: string) {
    try {
      sessionStorage.removeItem(`draft:${key}`);
    } catch {
      // ignore
    }
  },
};

/**
 * The form shell of every create/edit screen: title, card, save/cancel, server field errors on
 * their fields, a guard against leaving with unsaved changes, and a draft in sessionStorage so
 * nothing typed is lost when the session expires or the tab reloads.
 */
export function FormPage<TValues extends FieldValues, TOutput>({
  title,
  crumbs,
  form,
  onSubmit,
  cancelTo,
  draftKey,
  submitLabel = 'Opslaan',
  actions,
  aside,
  children,
}: FormPageProps<TValues, TOutput>) {
  const notify = useNotify();
  const navigate = useNavigate();
  const saved = useRef(false);
  const [restored, setRestored] = useState(false);
  const { isDirty, isSubmitting } = form.formState;

  // Put back what was typed before a reload or an expired session.
  useEffect(() => {
    const draft = draftStorage.read<TValues>(draftKey);
    if (draft) {
      form.reset(draft, { keepDefaultValues: true });
      setRestored(true);
    }
  }, [draftKey, form]);

  useEffect(() => {
    const sub = form.watch((values) => {
      if (!saved.current) draftStorage.write(draftKey, values);
    });
    return () => sub.unsubscribe();
  }, [draftKey, form]);

  // Leaving without changes (or after reverting them) leaves no draft behind.
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  useEffect(
    () => () => {
      if (!dirtyRef.current) draftStorage.clear(draftKey);
    },
    [draftKey],
  );

  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  useLeaveGuard(
    () => isDirty && !saved.current,
    () => draftStorage.clear(draftKey),
  );

  const submit = submitValues(form, async (values) => {
    try {
      saved.current = true;
      await onSubmit(values);
      draftStorage.clear(draftKey);
    } catch (err) {
      saved.current = false;
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
        let focused = false;
        for (const [field, messages] of Object.entries(err.errors)) {
          form.setError(field as Path<TValues>, { type: 'server', message: messages[0] }, { shouldFocus: !focused });
          focused = true;
        }
      } else {
        notify(errorMessage(err), 'error');
      }
    }
  });

  const discardDraft = () => {
    draftStorage.clear(draftKey);
    form.reset();
    setRestored(false);
  };

  return (
    <Box sx={aside ? WITH_ASIDE : { maxWidth: FORM_WIDTH }}>
      <PageHeader title={title} crumbs={crumbs} />
      {restored && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={discardDraft}>
              Verwerpen
            </Button>
          }
        >
          Je niet-opgeslagen invoer is teruggezet.
        </Alert>
      )}
      {aside && <Box sx={{ gridColumn: { lg: 2 }, gridRow: { lg: '1 / span 3' }, mb: { xs: 3, lg: 0 } }}>{aside}</Box>}
      <Card variant="outlined">
        <CardContent component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5}>{children}</Stack>
          <Box sx={{ display: 'flex', gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Bezig met opslaan...' : submitLabel}
            </Button>
            <Button size="large" color="inherit" onClick={() => void navigate(cancelTo)} disabled={isSubmitting}>
              Annuleren
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            {actions}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
