import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { CustomerInputSchema } from '@keurwijzer/shared/customers';
import { CrudFormPage } from '../../../components/form/crud-form-page';
import { TextFieldElement } from '../../../components/form/form-fields';
import { AddressFields } from '../../../components/form/address-fields';
import { customersResource } from '../../../lib/api/customers';
import { CustomerOverview } from '../components/customer-overview';

/**
 * admin/customers/create and admin/customers/{id}/edit: the customer screen, its places, machines
 * and users at a glance beside its details (on phones and tablets above them, so they are not
 * below the whole form).
 */
export default function CustomerForm() {
  const { id } = useParams();
  return (
    <CrudFormPage
      resource={customersResource}
      id={id ? Number(id) : undefined}
      schema={CustomerInputSchema}
      values={(c) => ({
        name: c?.name ?? '',
        customer_number: c?.customer_number ?? '',
        email: c?.email ?? '',
        phone: c?.phone ?? '',
        contact_person: c?.contact_person ?? '',
        street: c?.street ?? '',
        house_number: c?.house_number ?? '',
        addition: c?.addition ?? '',
        postcode: c?.postcode ?? '',
        city: c?.city ?? '',
      })}
      title={(c) => (c ? `${c.name} wijzigen` : 'Nieuwe klant')}
      crumbs={(c) => [{ label: 'Klanten', to: '/admin/customers' }, { label: c ? c.name : 'Nieuwe klant' }]}
      backTo="/admin/customers"
      fields={(control) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextFieldElement name="name" control={control} label="Naam" required autoFocus />
            <TextFieldElement
              name="customer_number"
              control={control}
              label="Klantnummer"
              required
              sx={{ maxWidth: { sm: 220 } }}
            />
          </Stack>
          <TextFieldElement name="contact_person" control={control} label="Contactpersoon" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextFieldElement name="email" control={control} label="E-mail" type="email" />
            <TextFieldElement name="phone" control={control} label="Telefoon" type="tel" />
          </Stack>
          <Typography variant="subtitle2" component="h2">
            Factuuradres
          </Typography>
          <AddressFields control={control} />
        </>
      )}
      aside={id && <CustomerOverview customerId={Number(id)} />}
    />
  );
}
