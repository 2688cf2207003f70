import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const fromWeb = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** Where the gateway listens in development; `/api` and `/socket.io` are proxied to it. */
const gatewayUrl = 'http://localhost:3000';

/**
 * Vendor chunks. @ant-design/icons is left out on purpose: the shell uses a few icons, while
 * the component demo's icon page imports all of them in its own lazily loaded chunk.
 */
const vendorGroups: ReadonlyArray<{ name: string; test: RegExp; priority: number }> = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|jotai)[\\/]/,
    priority: 30,
  },
  {
    name: 'vendor-antd',
    test: /node_modules[\\/](antd|@ant-design[\\/](?!icons)[^\\/]+|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  root: webRoot,
  publicDir: fromWeb('./public'),
  plugins: [react()],
  resolve: {
    alias: {
      '@app/validation': fromWeb('../libs/validation/src'),
      '@app/contracts': fromWeb('../libs/contracts/src'),
    },
  },
  server: {
    proxy: {
      '/api': { target: gatewayUrl, changeOrigin: true },
      '/socket.io': { target: gatewayUrl, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gatewayUrl, changeOrigin: true },
      '/socket.io': { target: gatewayUrl, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: fromWeb('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group })),
        },
      },
    },
  },
});
