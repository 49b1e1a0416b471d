// Every customer screen but the home: one chunk of its own, so the home's tiles wait only for
// the frame and the home's own code (ADR 096). routes.tsx loads it for any other customer page,
// and after the home has drawn, so a tap on a tile seldom waits for it.
export { AccountScreen } from './account/AccountScreen';
export { CustomerClaimsScreen } from './account/ClaimsScreen';
export { PeopleScreen } from './account/PeopleScreen';
export { CartScreen } from './cart/CartScreen';
export { AllProductsScreen } from './catalogue/AllProductsScreen';
export { OrdersheetScreen } from './catalogue/OrdersheetScreen';
export { ThaiProductsScreen } from './catalogue/ThaiProductsScreen';
export { OrderDetailsScreen } from './orders/OrderDetailsScreen';
export { OrderHistoryScreen } from './orders/OrderHistoryScreen';
export { OrderPlacedScreen } from './orders/OrderPlacedScreen';
export { UsualOrdersScreen } from './standing/UsualOrdersScreen';
