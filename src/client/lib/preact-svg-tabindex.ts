import { options, type VNode } from 'preact';

// The app runs on Preact's compatibility layer (vite.config.ts). Preact writes the props of an
// SVG element as attributes under the name they are given, and an SVG element, unlike an HTML
// one, does not lower-case attribute names: `<svg tabIndex={0}>` (as recharts draws a chart that
// takes the keyboard) became an attribute `tabIndex` that no browser reads, and the chart could
// not be focused. React writes it as `tabindex`. Every element's `tabIndex` prop is renamed
// `tabindex` here before Preact sees it: on an HTML element the attribute and the property are
// the same thing, so only SVG changes. main.tsx imports this module before anything renders.
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
