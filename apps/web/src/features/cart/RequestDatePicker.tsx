import { earliestRequestDate } from '@ricambi/domain';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';

const ISO = 'YYYY-MM-DD';

/** Spec 1 §5 "Requested date: at least tomorrow and not a Saturday or Sunday": other days cannot be picked. */
export const isRefusedRequestDate = (day: Dayjs) =>
  day.format(ISO) < earliestRequestDate() || day.day() === 0 || day.day() === 6;

/** A requested date as ISO yyyy-MM-dd in and out, shown and typed as dd/MM/yyyy (spec 1 §9). */
export const RequestDatePicker = ({
  value,
  onChange,
  ...props
}: Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'disabledDate'> & {
  value: string | null;
  onChange: (iso: string | null) => void;
}) => (
  <DatePicker
    {...props}
    format={DATEPICKER_FORMAT}
    value={value ? dayjs(value) : null}
    onChange={(day) => onChange(day ? (day as Dayjs).format(ISO) : null)}
    disabledDate={isRefusedRequestDate}
    defaultPickerValue={dayjs(earliestRequestDate())}
  />
);
