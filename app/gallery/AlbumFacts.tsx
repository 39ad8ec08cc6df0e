
import { CalendarIcon, CameraIcon, MapPinIcon } from '../ui/icons';
import { formatCalendarDate } from '../../common/dates';

export const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

export function AlbumFacts({ date, location, count, className = '' }: { date: string; location: string; count: number; className?: string }) {
  const item = 'flex items-center gap-1.5';
  const icon = 'size-4 shrink-0 text-brand-600';
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 ${className}`}>
      <li className={item}>
        <CalendarIcon className={icon} />
        <time dateTime={date}>{formatCalendarDate(date, { weekday: true })}</time>
      </li>
      <li className={item}>
        <MapPinIcon className={icon} />
        {location}
      </li>
      <li className={item}>
        <CameraIcon className={icon} />
        {photoCount(count)}
      </li>
    </ul>
  );
}
