import { Box, type MantineSize, Stepper, Title, useMatches, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { clearOrderedCart, recentlyOrderedCart, useCart } from '../../../cart';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { afterDialogEntry } from '../../../components/useBackCloses';
import { customerCrumbs } from '../crumbs';
import type { PlacedSummary } from '../orders/OrderPlacedScreen';
import { useHeadingFocus } from '../useHeadingFocus';
import { CartReview } from './CartReview';
import { CheckoutForm } from './CheckoutForm';
import { redirectTarget } from './redirect';

/** The second step's place in the history: the same /cart (and query) with this hash. */
export const CHECKOUT_HASH = '#checkout';

/** Set on the history entry CONTINUE pushes: Back (and the phone's back button) pops it. */
interface StepState {
  fromReview?: boolean;
}

/**
 * /cart: two steps, 'ORDER REVIEW' then 'ORDER COMPLETE' (spec §2, §4 Checkout). Each step is
 * an entry of the browser's history (the second one is /cart#checkout, the query kept for the
 * redirect), so the phone's back button on the second step goes to the first, not out of the
 * cart.
 */
export function CartScreen() {
  const { t } = useTranslation();
  const items = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const step = location.hash === CHECKOUT_HASH ? 1 : 0;
  const steps = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  // Both step labels must fit a 390 px phone side by side.
  const stepperSize = useMatches<MantineSize>({ base: 'xs', sm: 'md' });
  // Set once the order is placed: the cart empties on the way out, which must not send the
  // customer to /customer instead of the success page.
  const leaving = useRef(false);
  // Kept while the cart is open, across its two steps (each step's form is made anew): the
  // delivery date chosen, and what the server said is left of a counted product.
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [stockLeft, setStockLeft] = useState<Readonly<Record<string, number>>>({});
  // Whether this screen has shown a cart: one emptied while open was ordered in another tab.
  const hadItems = useRef(items.length > 0);
  useEffect(() => {
    if (items.length > 0) hadItems.current = true;
  }, [items.length]);
  // Opened from the header's cart (which keeps the focus) or another screen: say where it is.
  const heading = useHeadingFocus();

  // Whichever way the step changed (a button, the back or forward button): start it at its top.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // On a phone CONTINUE sits at the bottom: start the next step at its top.
    document.documentElement.scrollTop = 0;
    // The pressed button is gone with its step: the keyboard focus goes to the new step (its
    // top, where the eye goes), not to the page.
    requestAnimationFrame(() => steps.current?.focus({ preventScroll: true }));
  }, [step]);

  if (items.length === 0) {
    if (leaving.current) return null;
    // The same cart became an order in another tab: go where that tab went, and say why.
    const ordered = hadItems.current ? recentlyOrderedCart() : null;
    if (ordered) {
      return <Navigate to={ordered.path} replace state={{ ...ordered.state, elsewhere: true }} />;
    }
    return <Navigate to="/customer" replace />;
  }

  const goTo = (next: number) => {
    if (next === step) return;
    if (next === 1) {
      navigate(
        { search, hash: CHECKOUT_HASH },
        { state: { fromReview: true } satisfies StepState },
      );
    } else if ((location.state as StepState | null)?.fromReview) {
      // Back to the entry CONTINUE left, as the phone's back button does.
      navigate(-1);
    } else {
      // Opened at the second step (a reload, a link): the first step takes its place.
      navigate({ search, hash: '' }, { replace: true });
    }
  };

  const onPlaced = async (order: OrderOut) => {
    leaving.current = true;
    const target = redirectTarget(search);
    const placed: PlacedSummary = {
      orderNumber: order.orderNumber,
      deliveryDate: order.deliveryDate,
      totalPrice: order.totalPrice,
      onHold: order.onHold,
    };
    clearOrderedCart({ path: target, state: { placed } });
    // A confirmation just closed ("not your delivery day"): its history entry goes first, so
    // that the success page replaces the checkout, not the dialog's entry.
    await afterDialogEntry();
    navigate(target, { replace: true, state: { placed } });
  };

  const onAdded = async (order: OrderOut) => {
    leaving.current = true;
    const path = `/customer/orderdetails/${order._id}`;
    const state = { added: order.orderNumber };
    clearOrderedCart({ path, state });
    await afterDialogEntry();
    navigate(path, { replace: true, state });
  };

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.cart'))} />
      <VisuallyHidden>
        <Title order={1} ref={heading} tabIndex={-1}>
          {t('nav.cart')}
        </Title>
      </VisuallyHidden>
      <Box ref={steps} tabIndex={-1} style={{ outlineOffset: 4 }}>
        <Stepper
          active={step}
          onStepClick={goTo}
          allowNextStepsSelect={false}
          size={stepperSize}
          mb="md"
          styles={{ stepLabel: { whiteSpace: 'nowrap' } }}
        >
          <Stepper.Step label={t('cart.stepReview')}>
            <CartReview items={items} onContinue={() => goTo(1)} stockLeft={stockLeft} />
          </Stepper.Step>
          <Stepper.Step label={t('cart.stepComplete')}>
            <CheckoutForm
              items={items}
              onBack={() => goTo(0)}
              onPlaced={onPlaced}
              onAdded={onAdded}
              keptDate={chosenDate}
              onDateChange={setChosenDate}
              onStockShort={(id, left) => setStockLeft((known) => ({ ...known, [id]: left }))}
            />
          </Stepper.Step>
        </Stepper>
      </Box>
    </>
  );
}
