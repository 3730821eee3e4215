import type { ButtonHTMLAttributes } from 'react';

// `danger` is the quiet outline for a row's Delete; `destructive` the solid button that confirms it.
type Variant = 'primary' | 'secondary' | 'danger' | 'destructive' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover border-transparent',
  secondary: 'bg-raised text-fg hover:bg-surface border-border',
  danger: 'bg-raised text-danger hover:bg-danger-soft border-danger',
  destructive: 'bg-danger text-danger-fg hover:opacity-90 border-transparent',
  ghost: 'bg-transparent text-fg hover:bg-surface border-transparent',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: 'sm' | 'md';
};

export function buttonClasses(variant: Variant = 'primary', size: 'sm' | 'md' = 'md'): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md border font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    size === 'sm' ? 'min-h-9 px-3 text-sm' : 'min-h-10 px-4 text-sm',
    variants[variant],
  ].join(' ');
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}
