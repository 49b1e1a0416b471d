import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CategoryOut, makeProduct, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { serverError } from '../../../../test/testServer';
import { ProductForm } from './ProductForm';

// Someone else saved the product while this form was open (ADR 109): the form sends what it
// showed; when the server refuses a field both changed, their changes come into the form, the
// clashing field keeps what was typed here, marked, and saving again keeps it.

// jsdom has no FontFaceSet; Mantine's autosizing description fields listen to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const spices: CategoryOut = { _id: 'c1', name: 'Spices', nameNe: null, taxRate: 8 };

describe('a product saved by someone else while its form was open', () => {
  it('brings their name in, keeps the description typed here, and saves it the second time', async () => {
    const pepper = makeProduct({
      _id: 'p9',
      name: 'Timur',
      category: spices,
      description: 'Pepper',
    });
    // The other person renamed it and wrote their own description meanwhile.
    const saved = { ...pepper, name: 'Timur Pepper 100g', description: 'Nepali pepper' };
    let refused = false;
    const { calls } = renderScreen(<ProductForm product={pepper} onClose={() => {}} />, {
      path: '/admin/products',
      user: admin,
      answers: {
        'categories.list': () => [spices],
        'products.byId': () => saved,
        'products.update': (input) => {
          if (!refused) {
            refused = true;
            throw serverError(
              409,
              'catalogue.changedMeanwhile',
              { name: 'Timur Pepper 100g', count: 1 },
              { description: 'catalogue.fieldChangedMeanwhile' },
            );
          }
          return { ...saved, ...(input as object) };
        },
      },
    });
    await act(async () => {});
    const name = screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    const description = screen.getByRole('textbox', { name: /^Description/ }) as HTMLInputElement;
    fireEvent.change(description, { target: { value: 'Whole timur from Nepal' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(name.value).toBe('Timur Pepper 100g'));
    expect(description.value).toBe('Whole timur from Nepal');
    expect(
      await screen.findByText(
        'Changed by someone else meanwhile: yours is kept here. Check it and save again.',
      ),
    ).toBeTruthy();
    const updates = () => calls.filter((c) => c.path === 'products.update');
    expect(updates()[0]?.input).toMatchObject({ seen: { name: 'Timur', description: 'Pepper' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.input).toMatchObject({
      name: 'Timur Pepper 100g',
      description: 'Whole timur from Nepal',
      seen: { name: 'Timur Pepper 100g', description: 'Nepali pepper' },
    });
  });
});
