import { formatCalendarDate } from '../../common/dates';
import { guestsByTeam, type SponsorPlaces } from '../../common/sponsorships';

/** ADR 054: who the sponsor named for the package's places, team by team, for staff's list and the event day's sheet. */
export function SponsorPlacesText({ places }: { places: SponsorPlaces }) {
  return (
    <div className="text-sm text-slate-800">
      <p className="font-semibold">
        Includes {places.what}: {places.named} of {places.seats} named, due {formatCalendarDate(places.dueOn)}
      </p>
      <ul className="list-disc pl-5">
        {guestsByTeam(places).map((team, i) => (
          <li key={i} className="break-words">
            {team.label}: {team.names.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
