import { options, type VNode } from 'preact';

// The app is written against React and runs on Preact's compatibility layer (vite.config.ts).
// Two differences matter to it; this module, imported by main.tsx before anything renders,
// makes Preact behave as React does in both.

// 1. SVG attribute names. Preact writes an SVG element's props as attributes under the names
// they are given, and an SVG element, unlike an HTML one, does not lower-case attribute names:
// `<svg tabIndex={0}>` (as recharts draws a chart that takes the keyboard) became an attribute
// `tabIndex` that no browser reads, and the chart could not be focused. React writes
// `tabindex`. Every element's `tabIndex` prop is renamed here before Preact sees it; on an HTML
// element the attribute and the property are the same thing, so only SVG changes.
type ElementProps = { tabIndex?: unknown; tabindex?: unknown };

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as ElementProps;
  if (typeof vnode.type === 'string' && 'tabIndex' in props) {
    props.tabindex = props.tabIndex;
    delete props.tabIndex;
  }
  previousVNodeHook?.(vnode);
};

// 2. When effects run. Preact runs `useEffect` callbacks after the next animation frame, or
// after a 35 ms timer if no frame comes; React runs them in a task of their own (a
// MessageChannel message) right after the render. Timers and animation frames are what a
// browser slows down in a hidden tab and what a test's fake clock holds back: the reminder
// banner re-arms its timer in an effect, and under Playwright's clock the next reminder was
// missed whenever the clock jumped before that effect had run. Effects now run as React's do.
const channel = new MessageChannel();
const pending: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const callback of pending.splice(0)) callback();
};
options.requestAnimationFrame = (callback: () => void) => {
  pending.push(callback);
  if (pending.length === 1) channel.port2.postMessage(null);
};
