import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
// Native elements in the theme's look, not MUI's Alert and Button: the boundary wraps the sign-in
// page too, and MUI's would be ~10 KB gzip of its first visit (issue 25).
import { PlainAlert } from '../plain/PlainControls';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing this value (e.g. the path) clears a shown error. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
}

function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|preload|Loading chunk|Importing a module script/i.test(
    error.message,
  );
}

/** What a person sees when a screen fails to load or crashes, instead of a white page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null });
    }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
        <PlainAlert
          severity="error"
          action={{ label: 'Reload', onClick: () => window.location.reload() }}
        >
          {isChunkLoadError(error)
            ? 'This screen could not be loaded. Check your connection and reload the page.'
            : 'Something went wrong on this screen. Reload the page to try again.'}
        </PlainAlert>
      </Box>
    );
  }
}
