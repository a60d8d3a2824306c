'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A search box that reports after typing pauses (250 ms). It owns its text while focused, so a
 * URL update never fights the cursor; `/` focuses it from anywhere on the page.
 */
export function SearchInput({
  value,
  onChange,
  placeholder,
  maxLength = 200,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  label: string;
}) {
  const [text, setText] = useState(value);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable]');
      if (event.key === '/' && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      clearTimeout(timer.current);
    };
  }, []);

  return (
    <label className="relative block w-full max-w-md">
      <span className="sr-only">{label}</span>
      <input
        ref={input}
        type="search"
        data-testid="search"
        value={focused ? text : value}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onFocus={() => {
          setText(value);
          setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
        }}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            onChangeRef.current(next);
          }, 250);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText('');
            clearTimeout(timer.current);
            onChangeRef.current('');
          }
        }}
        className="w-full rounded-md border border-slate-700 bg-slate-950 px-3 py-1.5 pr-8 font-mono text-sm text-slate-100 placeholder:font-sans placeholder:text-slate-400 focus:border-sky-500 focus:outline-none"
      />
      <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-700 px-1 text-[10px] text-slate-400">
        /
      </kbd>
    </label>
  );
}
