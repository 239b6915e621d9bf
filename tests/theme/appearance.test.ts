import {
  APPEARANCE_STORAGE_KEY,
  appearanceDefaults,
  layoutConfig,
  loadAppearance,
  parseAppearance,
  saveAppearance,
  type AppearanceSettings,
} from '../../src/theme';

const DEFAULTS: AppearanceSettings = {
  activeDir: 'ltr',
  activeMode: 'light',
  activeTheme: 'BLUE_THEME',
  borderRadius: 7,
};

describe('appearance defaults and layout constants', () => {
  it('match the product spec', () => {
    expect(appearanceDefaults).toEqual(DEFAULTS);
    expect(layoutConfig).toEqual({
      sidebarWidth: 280,
      miniSidebarWidth: 100,
      topbarHeight: 60,
      activeLayout: 'full',
      language: 'en',
    });
  });
});

describe('loadAppearance', () => {
  it('gives the defaults when storage is empty', () => {
    expect(localStorage.getItem(APPEARANCE_STORAGE_KEY)).toBeNull();
    expect(loadAppearance()).toEqual(DEFAULTS);
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '["dark"]'],
    ['a string', '"dark"'],
    ['an empty object', '{}'],
  ])('gives the defaults when storage holds %s', (_label, text) => {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, text);
    expect(loadAppearance()).toEqual(DEFAULTS);
  });

  it('keeps valid fields and replaces invalid ones with defaults', () => {
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({
        activeMode: 'dark',
        activeDir: 'sideways',
        activeTheme: 'PINK_THEME',
        borderRadius: 12,
      }),
    );
    expect(loadAppearance()).toEqual({ ...DEFAULTS, activeMode: 'dark', borderRadius: 12 });
  });

  it.each([[-1], [25], ['7'], [null], [Number.NaN]])('rejects border radius %s', (borderRadius) => {
    expect(parseAppearance({ borderRadius }).borderRadius).toBe(7);
  });

  it('never throws when storage itself throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(loadAppearance(broken)).toEqual(DEFAULTS);
    expect(saveAppearance(DEFAULTS, broken)).toBe(false);
    expect(loadAppearance(null)).toEqual(DEFAULTS);
  });

  it('reads back what saveAppearance wrote', () => {
    const settings: AppearanceSettings = {
      activeMode: 'system',
      activeDir: 'rtl',
      activeTheme: 'ORANGE_THEME',
      borderRadius: 0,
    };
    expect(saveAppearance(settings)).toBe(true);
    expect(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? 'null')).toEqual(settings);
    expect(loadAppearance()).toEqual(settings);
  });
});
