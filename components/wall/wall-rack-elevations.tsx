import type { CSSProperties } from 'react';
import type { RackBox, RackSummary } from '@/server/api/racks/rack-view';
import { BOX_STYLES, boxLook } from '../racks/rack-look';
import { gridShape } from './wall-fit';

/** A rack's cell, width over height: its name over a tall elevation. */
const RACK_ASPECT = 0.45;

function boxStyle([slot, height, lane, lanes]: RackBox, units: number): CSSProperties {
  return {
    bottom: `${((slot - 1) / units) * 100}%`,
    height: `${(height / units) * 100}%`,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`,
  };
}

/**
 * Every rack as a small elevation, in a grid shaped to fill the tile however many racks there are:
 * each host a box at its units in its state's colour, racks with problems first. Too small for names
 * at fleet scale, so a rack says its problems in its header and the rack view has the rest.
 */
export function RackElevations({
  drawn,
  area,
}: {
  drawn: NonNullable<RackSummary['drawn']>;
  /** The tile body's share of the tile, in cqw by cqh, for shaping the grid. */
  area: { width: number; height: number };
}) {
  const { columns, rows } = gridShape(drawn.racks.length, area.width, area.height, RACK_ASPECT);
  const grid: CSSProperties = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
    fontSize: `max(0.5rem, min(${(area.height * 0.09) / rows}cqh, ${14 / columns}cqw))`,
  };
  return (
    <ul
      className="grid min-h-0 flex-1 gap-[0.6cqw] py-[1cqh]"
      style={grid}
      aria-label="Every rack"
      data-testid="wall-racks"
    >
      {drawn.racks.map((rack) => (
        <li
          key={rack.name}
          className="flex min-h-0 min-w-0 flex-col overflow-hidden"
          data-testid="wall-rack"
          data-rack={rack.name}
          data-problems={rack.problems}
        >
          <p
            className={`flex shrink-0 justify-between gap-[0.3em] leading-tight ${rack.problems > 0 ? 'font-bold text-rose-200' : 'text-slate-300'}`}
          >
            <span className="truncate">{rack.name}</span>
            {rack.problems > 0 && <span className="tabular-nums">✖ {rack.problems}</span>}
            {rack.unplaced > 0 && <span className="sr-only">{rack.unplaced} unplaced</span>}
          </p>
          <div
            aria-hidden
            className={`relative min-h-0 flex-1 border-x-2 bg-slate-950 ${rack.problems > 0 ? 'border-rose-500' : 'border-slate-600'}`}
            data-testid="wall-rack-units"
          >
            {rack.boxes.map((box) => {
              const look = boxLook({ tone: box[4], power: box[5] });
              return (
                <span
                  key={`${box[0]}/${box[2]}`}
                  className={`absolute border ${BOX_STYLES[look]}`}
                  style={boxStyle(box, drawn.units)}
                  data-testid="wall-rack-box"
                  data-look={look}
                  data-slot={box[0]}
                />
              );
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}
