import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadAppTexts } from '../../i18n/index.ts';
import { type ShippingLookup, ShippingSection } from './ShippingSection.tsx';

const computed: ShippingLookup = {
  idle: false,
  loading: false,
  failed: false,
  cost: { costo: 12, spedizioneGratuita: false, pesoTotale: 30 },
};

const renderSection = (pricesVisible: boolean) =>
  render(
    <Form initialValues={{ spedizione: 'EXW' }}>
      <ShippingSection lookup={computed} freeFrom={null} pricesVisible={pricesVisible} />
    </Form>,
  );

// Issue 11, finding 2: a subdealer without price visibility saw the CPT cost (12,00 €).
describe('shipping section', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAppTexts();
    await changeLanguage('it');
  });

  it('shows the Carriage Paid To cost to a user who may see prices', () => {
    renderSection(true);
    expect(screen.getByTestId('shipping-cost').textContent).toMatch(/^12,00\s€$/);
  });

  it('never shows the cost to a user without price visibility, and CPT can still be chosen', () => {
    const { container } = renderSection(false);
    expect(screen.queryByTestId('shipping-cost')).toBeNull();
    expect(container.textContent).not.toContain('12,00');
    expect(screen.getByTestId('shipping-cost-hidden').textContent).toContain('non è visibile');
    expect((screen.getByRole('radio', { name: /Porto franco|CPT/ }) as HTMLInputElement).disabled).toBe(false);
  });
});
