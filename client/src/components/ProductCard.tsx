import {
  ActionIcon,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Stack,
  Text,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_TYPE_BADGES, type ItemType } from '../../../shared/enums';
import { isOutOfStock, shownItemType } from '../../../shared/rules';
import type { ProductOut } from '../../../shared/schemas/catalogue';
import type { PriceBasis } from '../../../shared/tax';
import {
  addToCart,
  decreaseInCart,
  increaseInCart,
  quantityIn,
  setQuantityInCart,
  termsOf,
  useCart,
} from '../cart';
import { ConfirmDialog } from './ConfirmDialog';
import { cardImage } from './cardImage';
import { BoxIcon } from './icons';
import { localName, unitLabel } from './localName';
import { Money } from './Money';
import { PriceBasisNote } from './PriceBasisNote';
import { QuantityStepper } from './QuantityStepper';
import { HeartIcon } from './shopIcons';

/** Badge colours per item type (Regular has no badge). */
const BADGE_COLORS: Partial<Record<ItemType, string>> = {
  Special: 'red',
  'New Item': 'blue',
  'Limited Stock': 'orange',
  'Price Up': 'grape',
  'Price Down': 'teal',
  'Out of Stock': 'gray',
  Restocked: 'green',
};

export interface WishlistToggle {
  /** Whether the product is in My Ordersheet. */
  saved: boolean;
  /** Adds (when not saved) or removes it; called after the customer confirms. */
  onToggle(saved: boolean): Promise<void>;
}

interface ProductCardProps {
  product: ProductOut;
  /** The customer's add-to-cart controls (default on). */
  withCart?: boolean;
  /** The customer's heart; omitted, no heart is shown. */
  wishlist?: WishlistToggle;
  /** Extra buttons at the bottom, e.g. the office's edit and delete. */
  actions?: ReactNode;
  /** Above the fold: load the picture right away, with high priority. */
  eager?: boolean;
  /** The business's price basis, said beside the price (税抜 / excl. tax) once known. */
  priceBasis?: PriceBasis;
}

export function ItemTypeBadge({ itemType }: { itemType: ItemType }) {
  const { t } = useTranslation();
  const key = ITEM_TYPE_BADGES[itemType];
  if (!key) return null;
  return (
    <Badge color={BADGE_COLORS[itemType]} variant="filled" tt="none" radius="sm">
      {t(key)}
    </Badge>
  );
}

function ProductImage({ product, eager }: { product: ProductOut; eager: boolean }) {
  const { t, i18n } = useTranslation();
  const image = product.image;
  // The card-sized copy; should it be missing (an error), the original.
  const [noCopy, setNoCopy] = useState<string | null>(null);
  const src = image && noCopy !== image ? cardImage(image) : image;
  return (
    <AspectRatio ratio={4 / 3}>
      {image && src ? (
        <Image
          src={src}
          onError={() => {
            if (src !== image) setNoCopy(image);
          }}
          alt={localName(product, i18n.resolvedLanguage)}
          fit="cover"
          // The first row is the page's largest paint on a phone: fetch it at once.
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
        />
      ) : (
        <Center bg="gray.1" c="dimmed" role="img" aria-label={t('product.noImage')}>
          <Text lh={1} aria-hidden="true">
            <BoxIcon size={40} />
          </Text>
        </Center>
      )}
    </AspectRatio>
  );
}

/** Add to cart, or minus / quantity / plus once in the cart (spec §4 Cart). Each control's
 * accessible name carries the product's name in the reader's language: a screen reader lists 84
 * of them (the list's row says only "Add"). */
function CartControls({ product, compact = false }: { product: ProductOut; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const name = localName(product, i18n.resolvedLanguage);
  const quantity = quantityIn(useCart(), product._id);
  const add = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (quantity === 0 && moveFocus.current) add.current?.focus();
    moveFocus.current = false;
  }, [quantity]);

  if (isOutOfStock(product)) {
    return (
      <Button
        fullWidth
        disabled
        variant="default"
        mih={44}
        px={compact ? 4 : undefined}
        aria-label={t('product.notInStockNamed', { name })}
      >
        {t('product.notInStock')}
      </Button>
    );
  }
  if (quantity === 0) {
    return (
      <Button
        ref={add}
        fullWidth
        mih={44}
        onClick={() => {
          // The button gives way to the quantity controls: they take the focus (not the page).
          moveFocus.current = document.activeElement === add.current;
          addToCart(product);
        }}
        data-testid="add-to-cart"
        // The shown words are in the name (WCAG 2.5.3): "Add to cart: Pure Ghee Amul 1L".
        aria-label={
          compact ? t('product.addNamed', { name }) : t('product.addToCartNamed', { name })
        }
      >
        {compact ? t('product.add') : t('product.addToCart')}
      </Button>
    );
  }
  return (
    <QuantityStepper
      name={name}
      quantity={quantity}
      onDecrease={() => {
        // Back to Add to cart at 0: it takes the focus.
        if (quantity === 1) moveFocus.current = true;
        decreaseInCart(product._id);
      }}
      onIncrease={() => increaseInCart(product._id)}
      onSet={(n) => setQuantityInCart(product._id, n)}
      terms={termsOf(product)}
      focusOnShow={moveFocus.current}
    />
  );
}

function Heart({ product, wishlist }: { product: ProductOut; wishlist: WishlistToggle }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  // The dialog is made the first time it is asked for (then kept, so it can animate closed):
  // a closed Modal in each of the catalogue's 84 cards costs a slow phone's first render.
  const [made, setMade] = useState(false);
  const label = wishlist.saved ? t('product.removeFromOrdersheet') : t('product.addToOrdersheet');
  // The tooltip shows the action; the name also says which product (84 hearts on a screen).
  const name = localName(product, i18n.resolvedLanguage);
  const named = wishlist.saved
    ? t('product.removeFromOrdersheetNamed', { name })
    : t('product.addToOrdersheetNamed', { name });
  return (
    <>
      <ActionIcon
        pos="absolute"
        top={8}
        right={8}
        size={44}
        radius="xl"
        variant="white"
        color="red"
        aria-label={named}
        aria-pressed={wishlist.saved}
        title={label}
        onClick={() => {
          setMade(true);
          setAsking(true);
        }}
        style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
      >
        <HeartIcon filled={wishlist.saved} />
      </ActionIcon>
      {made && (
        <ConfirmDialog
          opened={asking}
          title={wishlist.saved ? t('product.confirmRemove') : t('product.confirmAdd')}
          message={name}
          onConfirm={() => wishlist.onToggle(wishlist.saved)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** A product as the catalogue shows it (spec §2 Cards: product card). */
export function ProductCard({
  product,
  withCart = true,
  wishlist,
  actions,
  eager = false,
  priceBasis,
}: ProductCardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const description =
    lang === 'ne' && product.descriptionNe?.trim() ? product.descriptionNe : product.description;
  const showDescription = product.showDescription === 'Show' && description.trim() !== '';
  return (
    <Card withBorder radius="lg" padding="sm" h="100%" data-testid="product-card">
      <Card.Section pos="relative">
        <ProductImage product={product} eager={eager} />
        <Group pos="absolute" top={8} left={8} gap={4}>
          <ItemTypeBadge itemType={shownItemType(product)} />
        </Group>
        {wishlist && <Heart product={product} wishlist={wishlist} />}
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        {product.category && (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1}>
            {localName(product.category, lang)}
          </Text>
        )}
        <Text fw={600} size="sm" lh={1.3} lineClamp={3} component="h2" m={0} lang={lang}>
          {localName(product, lang)}
        </Text>
        {showDescription && (
          <Text
            size="xs"
            c="dimmed"
            lineClamp={4}
            lang={description === product.description ? undefined : 'ne'}
          >
            {description}
          </Text>
        )}
        <Group gap={6} align="baseline" mt="auto" pt={4} wrap="wrap">
          <Money amount={product.price} fw={700} size="md" />
          <Text size="xs" c="dimmed">
            {t('product.perUnit', { unit: unitLabel(t, product.sku) })}
          </Text>
          <PriceBasisNote basis={priceBasis} />
        </Group>
      </Stack>
      {(withCart || actions) && (
        <Stack gap="xs" mt="sm">
          {withCart && <CartControls product={product} />}
          {actions}
        </Stack>
      )}
    </Card>
  );
}

/** The compact list's picture: a small square of the card-sized copy. */
function RowImage({ product, eager }: { product: ProductOut; eager: boolean }) {
  const { t, i18n } = useTranslation();
  const image = product.image;
  const [noCopy, setNoCopy] = useState<string | null>(null);
  const src = image && noCopy !== image ? cardImage(image) : image;
  if (!image || !src) {
    return (
      <Center
        w={48}
        h={48}
        bg="gray.1"
        c="dimmed"
        role="img"
        aria-label={t('product.noImage')}
        style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <BoxIcon size={24} />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      onError={() => {
        if (src !== image) setNoCopy(image);
      }}
      alt={localName(product, i18n.resolvedLanguage)}
      w={48}
      h={48}
      radius="sm"
      fit="cover"
      loading={eager ? 'eager' : 'lazy'}
      style={{ flexShrink: 0 }}
    />
  );
}

/**
 * A product as one compact row of the catalogue's list view (ADR 045): picture, name, price
 * per unit and the cart controls, about 64 px high, so a phone shows about eight at once.
 */
export function ProductRow({
  product,
  eager = false,
  priceBasis,
}: {
  product: ProductOut;
  eager?: boolean;
  priceBasis?: PriceBasis;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  return (
    <Card withBorder radius="md" padding={6} data-testid="product-row" component="li">
      <Group wrap="nowrap" gap="sm" align="center">
        <RowImage product={product} eager={eager} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lh={1.2} lineClamp={2} component="h2" m={0} lang={lang}>
            {localName(product, lang)}
          </Text>
          <Group gap={4} align="baseline" wrap="nowrap" lh={1.2}>
            <Money amount={product.price} fw={700} size="sm" lh={1.2} />
            <Text size="xs" c="dimmed" lh={1.2} truncate>
              {t('product.perUnit', { unit: unitLabel(t, product.sku) })}
            </Text>
            <PriceBasisNote basis={priceBasis} lh={1.2} />
          </Group>
        </Stack>
        <Box w={136} style={{ flexShrink: 0 }}>
          <CartControls product={product} compact />
        </Box>
      </Group>
    </Card>
  );
}
