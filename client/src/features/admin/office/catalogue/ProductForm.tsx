import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_COUNTS, ITEM_TYPES, SHOW_DESCRIPTION, UNITS } from '../../../../../../shared/enums';
import type { ProductOut } from '../../../../../../shared/schemas/catalogue';
import { type ProductInput, productInput } from '../../../../../../shared/schemas/office';
import { localName, unitLabel } from '../../../../components/localName';
import { usePriceBasis } from '../../../../components/PriceBasisNote';
import { useFocusBack } from '../../../../components/useFocusBack';
import { newKey } from '../../../../keyed';
import { trpc } from '../../../../trpc';
import { appErrorOf, fieldErrorText } from '../shared/errors';
import { LastChanged } from '../shared/History';
import { ImageUpload } from '../shared/ImageUpload';
import { useAfterChange } from '../shared/useOfficeMutation';
import { CategoryForm } from './CategoriesPanel';
import { ProductTermsPanel } from './ProductTermsPanel';

const validate = schemaResolver(productInput, { sync: true });

function initial(p: ProductOut | null, category: string | undefined): ProductInput {
  return {
    name: p?.name ?? '',
    nameNe: p?.nameNe ?? '',
    nameJa: p?.nameJa ?? '',
    category: p?.category?._id ?? category ?? '',
    price: (p?.price ?? '') as number,
    description: p?.description ?? '',
    descriptionNe: p?.descriptionNe ?? '',
    sku: (p?.sku ?? '') as ProductInput['sku'],
    image: p?.image ?? null,
    productRank: p?.productRank ?? 0,
    itemType: p?.itemType ?? 'Regular',
    // A new product is not counted: counted at 0 it could not be ordered (ADR 055).
    itemCount: p?.itemCount ?? 'Not Count',
    showDescription: p?.showDescription ?? 'Dont Show',
    stockInCount: p?.stockInCount ?? 0,
    taxRate: p?.ownTaxRate ?? null,
    minQuantity: p?.minQuantity ?? 1,
    lot: p?.lot ?? 1,
  };
}

const sameField = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The product form (spec §3, §5): name, category, price, description, unit, image, ... */
export function ProductForm({
  product,
  category,
  onClose,
}: {
  product: ProductOut | null;
  /** The category chosen in the sidebar, preset for a new product. */
  category?: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  useFocusBack();
  const categories = trpc.categories.list.useQuery();
  // The price is typed in the business's basis: the label says which (価格（税抜・円）).
  const priceBasis = usePriceBasis();
  const after = useAfterChange();
  // One key per opening of the form: a retried submit (a lost answer) creates one record.
  const [idempotencyKey] = useState(newKey);
  const create = trpc.products.create.useMutation({ trpc: { context: { idempotencyKey } } });
  const update = trpc.products.update.useMutation();
  const [uploading, setUploading] = useState(false);
  const [addingCategory, setAddingCategory] = useState(false);
  const form = useForm<ProductInput>({
    mode: 'controlled',
    initialValues: initial(product, category),
    validate,
    validateInputOnChange: true,
  });
  const input = (name: keyof ProductInput) => {
    const props = form.getInputProps(name);
    return { ...props, error: fieldErrorText(t, props.error) };
  };
  // The stock as this form last showed it: orders and receipts move it meanwhile, and the server
  // keeps theirs unless the office typed a count over it (then it refuses, and the form shows
  // the stock now).
  const [stockSeen, setStockSeen] = useState(product?.stockInCount ?? 0);
  // The product as this form showed it: the server keeps what someone else saved meanwhile in
  // every field left as shown, and refuses a field both changed (ADR 109).
  const [seen, setSeen] = useState(() => initial(product, category));
  const utils = trpc.useUtils();
  const submit = async (values: ProductInput) => {
    try {
      if (product) {
        await update.mutateAsync({ ...values, id: product._id, stockSeen, seen } as never);
      } else await create.mutateAsync(values as never);
      after.done(product ? 'office.products.updated' : 'office.products.created');
      onClose();
    } catch (error) {
      const { code, params, issues } = appErrorOf(error);
      if (product && code === 'catalogue.changedMeanwhile') {
        // Their changes come into the fields this form left as shown; the marked ones keep
        // what was typed here, and the next save keeps it over theirs. The stock is the
        // stock's own (stockSeen).
        const now = initial(
          await utils.products.byId.fetch({ id: product._id }, { staleTime: 0 }),
          category,
        );
        for (const key of Object.keys(now) as (keyof ProductInput)[]) {
          if (key === 'stockInCount') continue;
          if (sameField(form.values[key], seen[key])) form.setFieldValue(key, now[key] as never);
        }
        setSeen(now);
      }
      if (issues) form.setErrors(issues);
      if (code === 'catalogue.stockChangedMeanwhile' && typeof params?.now === 'number') {
        setStockSeen(params.now);
        form.setFieldValue('stockInCount', params.now);
      }
      after.failed(error);
    }
  };
  const chosenCategory = (categories.data ?? []).find((c) => c._id === form.values.category);
  const categoryRateLabel = chosenCategory?.taxRate
    ? t('office.products.rateFollows', { rate: chosenCategory.taxRate })
    : t('office.products.rateFollowsPlain');
  const options = (list: readonly string[], prefix?: string) =>
    list.map((v) => ({ value: v, label: prefix ? t(`${prefix}.${v}`, { defaultValue: v }) : v }));
  const noCategories = categories.isSuccess && categories.data.length === 0;
  // Counted with nothing in stock: the catalogue shows it out of stock (shared/rules.ts).
  const zeroStock = form.values.itemCount === 'Count' && !(Number(form.values.stockInCount) > 0);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={product ? t('office.products.edit') : t('office.products.add')}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('office.products.name')} withAsterisk {...input('name')} />
            <TextInput label={t('office.products.nameNe')} {...input('nameNe')} />
            <TextInput label={t('office.products.nameJa')} lang="ja" {...input('nameJa')} />
            <Stack gap={4}>
              <Select
                label={t('office.products.category')}
                withAsterisk
                data={(categories.data ?? []).map((c) => ({
                  value: c._id,
                  label: localName(c, i18n.resolvedLanguage),
                }))}
                comboboxProps={{ withinPortal: true }}
                {...input('category')}
              />
              {noCategories && (
                <Alert color="yellow" p="xs" data-testid="no-categories">
                  <Stack gap={6} align="flex-start">
                    {t('office.products.noCategories')}
                    <Button size="compact-sm" onClick={() => setAddingCategory(true)}>
                      {t('office.categories.add')}
                    </Button>
                  </Stack>
                </Alert>
              )}
            </Stack>
            <NumberInput
              label={t(
                priceBasis === undefined
                  ? 'office.products.price'
                  : priceBasis === 'inclusive'
                    ? 'office.products.priceIncl'
                    : 'office.products.priceExcl',
              )}
              withAsterisk
              // As typed: -100 or 12.5 is refused with a message, not saved as ¥0 or ¥125.
              clampBehavior="none"
              step={1}
              thousandSeparator=","
              prefix="¥"
              {...input('price')}
            />
            <Select
              label={t('office.products.unit')}
              withAsterisk
              data={UNITS.map((v) => ({ value: v, label: unitLabel(t, v) }))}
              comboboxProps={{ withinPortal: true }}
              {...input('sku')}
            />
            <NumberInput
              label={t('office.products.rank')}
              min={0}
              clampBehavior="none"
              {...input('productRank')}
            />
            <Select
              label={t('office.products.itemType')}
              data={options(ITEM_TYPES, 'office.products.types')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...input('itemType')}
            />
            <Select
              label={t('office.products.itemCount')}
              data={options(ITEM_COUNTS, 'office.products.counts')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...input('itemCount')}
            />
            <Select
              label={t('office.products.showDescription')}
              data={options(SHOW_DESCRIPTION, 'office.products.show')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...input('showDescription')}
            />
            <Select
              label={t('office.products.taxRate')}
              allowDeselect={false}
              data={[
                { value: 'category', label: categoryRateLabel },
                { value: '8', label: t('office.categories.rate8') },
                { value: '10', label: t('office.categories.rate10') },
              ]}
              comboboxProps={{ withinPortal: true }}
              value={form.values.taxRate == null ? 'category' : String(form.values.taxRate)}
              onChange={(v) =>
                form.setFieldValue('taxRate', v === '8' ? 8 : v === '10' ? 10 : null)
              }
              error={fieldErrorText(t, form.errors.taxRate)}
            />
            <NumberInput
              label={t('office.products.stock')}
              min={0}
              clampBehavior="none"
              {...input('stockInCount')}
              description={zeroStock ? t('office.products.zeroStockHint') : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              styles={{ description: { color: 'var(--mantine-color-orange-9)' } }}
            />
            <NumberInput
              label={t('priceLists.minQuantity')}
              min={1}
              clampBehavior="none"
              {...input('minQuantity')}
            />
            <NumberInput
              label={t('priceLists.lot')}
              min={1}
              clampBehavior="none"
              {...input('lot')}
            />
          </SimpleGrid>
          <Textarea
            label={t('office.products.description')}
            withAsterisk
            autosize
            minRows={2}
            {...input('description')}
          />
          <Textarea
            label={t('office.products.descriptionNe')}
            autosize
            minRows={2}
            lang="ne"
            {...input('descriptionNe')}
          />
          <ImageUpload
            label={t('office.products.image')}
            value={form.values.image ?? null}
            onChange={(url) => form.setFieldValue('image', url)}
            onBusy={setUploading}
          />
          {product && <ProductTermsPanel productId={product._id} />}
          {product && <LastChanged entity="product" id={product._id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={uploading}
            >
              {product ? t('office.save') : t('office.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {addingCategory && (
        <CategoryForm
          category={null}
          onClose={() => setAddingCategory(false)}
          onCreated={(c) => form.setFieldValue('category', c._id)}
        />
      )}
    </Modal>
  );
}
