import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';

describe('appTheme', () => {
  it("has MUI's Dutch texts beside the app's own component settings", () => {
    const { components } = appTheme();
    expect(components?.MuiBreadcrumbs?.defaultProps?.expandText).toBe('Pad tonen');
    expect(components?.MuiAutocomplete?.defaultProps?.openText).toBe('Openen');
    expect(components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Regels per pagina:');
    expect(components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
    expect(components?.MuiTextField?.defaultProps).toEqual({ fullWidth: true, color: 'secondary' });
  });

  it('is built once', () => {
    expect(appTheme()).toBe(appTheme());
  });
});
