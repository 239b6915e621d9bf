import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  APPEARANCE_STORAGE_KEY,
  AppearanceProvider,
  Customizer,
  CustomizerButton,
  THEME_LABELS,
  THEME_NAMES,
  palettes,
} from '../../src/theme';
import { mockPrefersDark, type MatchMediaController } from './matchMediaMock';
import { ThemeProbe, probe } from './ThemeProbe';

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? '{}') as Record<
    string,
    unknown
  >;
}

function renderOpenCustomizer(onClose = vi.fn()) {
  render(
    <AppearanceProvider>
      <ThemeProbe />
      <Customizer open onClose={onClose} />
    </AppearanceProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Settings' }), onClose };
}

let media: MatchMediaController | undefined;

beforeEach(() => {
  document.documentElement.removeAttribute('dir');
});

afterEach(() => {
  media?.restore();
  media = undefined;
});

describe('Customizer', () => {
  it('shows labelled controls with the current settings', () => {
    const { dialog } = renderOpenCustomizer();
    const mode = within(dialog).getByRole('group', { name: 'Theme mode' });
    expect(within(mode).getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const dir = within(dialog).getByRole('group', { name: 'Direction' });
    expect(within(dir).getByRole('button', { name: 'LTR' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const colours = within(dialog).getByRole('group', { name: 'Colour theme' });
    expect(within(colours).getAllByRole('button')).toHaveLength(6);
    for (const name of THEME_NAMES) {
      expect(
        within(colours).getByRole('button', { name: `${THEME_LABELS[name]} theme` }),
      ).toHaveAttribute('aria-pressed', name === 'BLUE_THEME' ? 'true' : 'false');
    }
    const slider = within(dialog).getByRole('slider', { name: 'Border radius' });
    expect(slider).toHaveAttribute('aria-valuenow', '7');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '24');
    expect(within(dialog).getByRole('button', { name: 'Reset to defaults' })).toBeVisible();
  });

  it('choosing Dark switches the theme to dark and saves it', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();
    expect(probe().dataset.mode).toBe('light');

    await user.click(within(dialog).getByRole('button', { name: 'Dark' }));

    expect(probe().dataset.mode).toBe('dark');
    expect(within(dialog).getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(stored()).toMatchObject({ activeMode: 'dark' });
  });

  it('choosing System follows the mocked operating system preference', async () => {
    media = mockPrefersDark(true);
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();
    expect(probe().dataset.mode).toBe('light');

    await user.click(within(dialog).getByRole('button', { name: 'System' }));

    expect(probe().dataset.mode).toBe('dark');
    expect(stored()).toMatchObject({ activeMode: 'system' });
  });

  it('choosing RTL sets <html dir="rtl"> and theme.direction', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();

    await user.click(within(dialog).getByRole('button', { name: 'RTL' }));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(probe().dataset.direction).toBe('rtl');
    expect(stored()).toMatchObject({ activeDir: 'rtl' });
  });

  it('a colour swatch changes palette.primary.main', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();

    const orange = within(dialog).getByRole('button', { name: 'Orange theme' });
    await user.click(orange);

    expect(probe().dataset.primary).toBe(palettes.ORANGE_THEME.light.primary.main);
    expect(orange).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Blue theme' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(stored()).toMatchObject({ activeTheme: 'ORANGE_THEME' });

    // Clicking the selected swatch again keeps it selected.
    await user.click(orange);
    expect(probe().dataset.primary).toBe(palettes.ORANGE_THEME.light.primary.main);
  });

  it('the border radius slider changes shape.borderRadius', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();
    const slider = within(dialog).getByRole('slider', { name: 'Border radius' });

    act(() => slider.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(probe().dataset.radius).toBe('9');
    await user.keyboard('{End}');
    expect(probe().dataset.radius).toBe('24');
    expect(stored()).toMatchObject({ borderRadius: 24 });
  });

  it('Reset to defaults restores every setting', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpenCustomizer();
    await user.click(within(dialog).getByRole('button', { name: 'Dark' }));
    await user.click(within(dialog).getByRole('button', { name: 'RTL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Green theme' }));
    expect(probe().dataset.primary).toBe(palettes.GREEN_THEME.dark.primary.main);

    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));

    expect(probe().dataset.mode).toBe('light');
    expect(probe().dataset.direction).toBe('ltr');
    expect(probe().dataset.primary).toBe('#1d5fd1');
    expect(probe().dataset.radius).toBe('7');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(stored()).toEqual({
      activeMode: 'light',
      activeDir: 'ltr',
      activeTheme: 'BLUE_THEME',
      borderRadius: 7,
    });
  });

  it('the close button calls onClose', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderOpenCustomizer();
    await user.click(within(dialog).getByRole('button', { name: 'Close settings' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('CustomizerButton', () => {
  it('opens and closes the settings drawer', async () => {
    const user = userEvent.setup();
    render(
      <AppearanceProvider>
        <CustomizerButton />
      </AppearanceProvider>,
    );
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open appearance settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByRole('group', { name: 'Theme mode' })).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Open appearance settings' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
