import { Form, Input, Select } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

/** A list's filters: a labelled landmark holding a vertical form that submits nothing itself. */
export const FilterSection = ({
  label,
  style,
  children,
}: {
  label: string;
  style?: CSSProperties;
  children: ReactNode;
}) => (
  <section aria-label={label} style={style}>
    <Form layout="vertical" component="div">
      {children}
    </Form>
  </section>
);

/** One labelled filter; `htmlFor` names the control's id so that its label reads it out. */
export const FilterField = ({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) => (
  <Form.Item label={label} htmlFor={htmlFor} style={{ marginBottom: 12 }}>
    {children}
  </Form.Item>
);

/**
 * A free-text filter applied on Enter or its button (not on each key): the typed text stays while
 * the list's address holds the applied term, and follows the address when it changes (back, clear).
 */
export const TermSearch = ({
  id,
  value,
  onSearch,
  maxLength,
  placeholder,
  enterButton,
  testId,
}: {
  id: string;
  value: string | undefined;
  onSearch: (term: string | undefined) => void;
  maxLength: number;
  placeholder: string;
  enterButton: string;
  testId: string;
}) => {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input.Search
      id={id}
      allowClear
      maxLength={maxLength}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(typed) => onSearch(typed.trim() || undefined)}
      placeholder={placeholder}
      enterButton={enterButton}
      data-testid={testId}
    />
  );
};

/**
 * A labelled choice that may be left empty ("any"): `id` names the control for its label and tests.
 * `searchable` lets the user type to narrow a long list.
 */
export const FilterSelect = <V extends string | number>({
  id,
  label,
  placeholder,
  value,
  onChange,
  options,
  searchable = false,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { value: V; label: string }[];
  searchable?: boolean;
}) => (
  <FilterField label={label} htmlFor={id}>
    <Select<V | undefined>
      id={id}
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={id}
    />
  </FilterField>
);
