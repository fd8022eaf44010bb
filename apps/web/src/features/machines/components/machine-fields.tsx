import { useController, type FieldValues, type Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EDITABLE_MACHINE_STATUSES,
  MACHINE_STATUS_LABELS,
  type MachineFormValues,
  type MachineStatus,
} from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { TextFieldElement, type AnyControl } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { brandTypesResource, brandsResource } from '../../../lib/api/brands';
import { machineTypesResource } from '../../../lib/api/machine-types';
import { questionnairesResource } from '../../../lib/api/questionnaires';
import { ALL_ITEMS, PlacementFields } from '../../../components/pickers/placement-fields';
import { labelOptions } from '../../../lib/label-options';

const options = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

/** Merk and type of that merk: choosing another brand clears the type. */
function BrandFields<T extends FieldValues>({ control }: { control: AnyControl<T> }) {
  const brand = useController({ name: 'brand_id' as Path<T>, control });
  const type = useController({ name: 'brand_type_id' as Path<T>, control });
  const brandId = Number(brand.field.value) || 0;
  const brands = brandsResource.useList(ALL_ITEMS).data?.data;
  const types = brandTypesResource.useList(ALL_ITEMS, brandId, brandId > 0).data?.data;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Merk"
        name={brand.field.name}
        inputRef={brand.field.ref}
        value={brands?.some((b) => b.id === brand.field.value) ? brand.field.value : ''}
        onChange={(e) => {
          brand.field.onChange(e.target.value === '' ? '' : Number(e.target.value));
          type.field.onChange('');
        }}
        error={!!brand.fieldState.error}
        helperText={brand.fieldState.error?.message}
      >
        <MenuItem value="">Geen</MenuItem>
        {(brands ?? []).map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Type"
        disabled={!brandId}
        name={type.field.name}
        inputRef={type.field.ref}
        value={types?.some((t) => t.id === type.field.value) ? type.field.value : ''}
        onChange={(e) => type.field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
        error={!!type.fieldState.error}
        helperText={type.fieldState.error?.message}
      >
        <MenuItem value="">Geen</MenuItem>
        {(types ?? []).map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** One select per inspection type with that type's active questionnaires. */
function QuestionnaireSelect<T extends FieldValues>({
  control,
  type,
}: {
  control: AnyControl<T>;
  type: (typeof INSPECTION_TYPES)[number];
}) {
  const list = questionnairesResource.useList({ ...ALL_ITEMS, inspection_type: type, status: 'active' }).data?.data;
  return (
    <SelectElement
      name={`questionnaire_${type}` as Path<T>}
      control={control}
      label={INSPECTION_TYPE_LABELS[type]}
      emptyLabel="Geen"
      options={options(list)}
    />
  );
}

const STATUS_OPTIONS = labelOptions(EDITABLE_MACHINE_STATUSES, MACHINE_STATUS_LABELS);

/** Actief / Niet actief; a concept machine shows its status and how it becomes active. */
function StatusField({ control, current }: { control: AnyControl<MachineFormValues>; current?: MachineStatus }) {
  if (current === 'concept')
    return (
      <TextField
        label="Status"
        value={MACHINE_STATUS_LABELS.concept}
        disabled
        helperText="Een conceptmachine wordt actief als ze is goedgekeurd (Conceptmachines)."
        sx={{ maxWidth: { sm: 240 } }}
      />
    );
  return (
    <SelectElement
      name="status"
      control={control}
      label="Status"
      required
      options={STATUS_OPTIONS}
      helperText="Een machine die niet actief is, blijft in de lijsten staan."
      sx={{ maxWidth: { sm: 240 } }}
    />
  );
}

/** Every field of a machine (product-decisions "Machine"). */
export function MachineFields({
  control,
  customerId,
  status,
}: {
  control: AnyControl<MachineFormValues>;
  customerId: number;
  /** The machine's current status (undefined for a new machine). */
  status?: MachineStatus;
}) {
  const machineTypes = machineTypesResource.useList(ALL_ITEMS).data?.data;
  const n = <K extends Path<MachineFormValues>>(s: K) => s;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldElement name={n('name')} control={control} label="Naam" required autoFocus />
        <TextFieldElement
          name={n('inventory_number')}
          control={control}
          label="Inventarisnummer"
          required
          sx={{ maxWidth: { sm: 220 } }}
        />
      </Stack>
      <Typography variant="subtitle2" component="h2">
        Plaats
      </Typography>
      <PlacementFields control={control} customerId={customerId} />
      <Typography variant="subtitle2" component="h2">
        Machine
      </Typography>
      <SelectElement
        name={n('machine_type_id')}
        control={control}
        label="Machinetype"
        emptyLabel="Geen"
        options={options(machineTypes)}
      />
      <BrandFields control={control} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldElement name={n('manufacturer')} control={control} label="Fabrikant" />
        <TextFieldElement name={n('factory_number')} control={control} label="Fabrieksnummer" />
        <TextFieldElement
          name={n('manufacture_year')}
          control={control}
          label="Bouwjaar"
          inputMode="numeric"
          sx={{ maxWidth: { sm: 140 } }}
        />
      </Stack>
      <TextFieldElement
        name={n('price')}
        control={control}
        label="Prijs"
        placeholder="12,50"
        inputMode="decimal"
        helperText="In euro, bijvoorbeeld 1.250,00"
        sx={{ maxWidth: { sm: 240 } }}
      />
      <StatusField control={control} current={status} />
      <Typography variant="subtitle2" component="h2">
        Vragenlijsten per soort inspectie
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {INSPECTION_TYPES.map((type) => (
          <QuestionnaireSelect key={type} control={control} type={type} />
        ))}
      </Box>
    </>
  );
}
