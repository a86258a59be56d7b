import { useId, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUploadPhoto } from '../api/upload-photo';
import {
  addSize,
  moveColour,
  removeSize,
  renameSize,
  toggleCell,
  updateCell,
  updateColour,
  type CellValues,
  type ColourGridValues,
  type ColourValues,
  type SizeRow,
} from '../utils/colour-grid';

type ColourEditorProps = {
  grid: ColourGridValues;
  setGrid: (change: (grid: ColourGridValues) => ColourGridValues) => void;
  onAddColour: () => void;
  onRemoveColour: (key: string) => void;
  /** How many photos are being uploaded; the form waits for them before saving. */
  onUploading: (change: number) => void;
};

/** What a colour is called on its controls: its name, or its place until it has one. */
const colourLabel = (colour: ColourValues, index: number) => colour.name.trim() || `Colour ${index + 1}`;
const sizeLabel = (size: SizeRow, index: number) => size.label.trim() || `Size ${index + 1}`;

/** Text only screen readers read, before a control's visible label. */
const Unseen = ({ children }: { children: ReactNode }) => <span className="visually-hidden">{children}</span>;

/**
 * The product form's colours (decisions section 19, D48): each colour's name, hex and photos,
 * the sizes every colour comes in, and per colour a row per size with its MRP, selling price,
 * stock and model. Without colours it offers only Add colour, and the form's lists stay the
 * variants.
 */
export function ColourEditor({ grid, setGrid, onAddColour, onRemoveColour, onUploading }: ColourEditorProps) {
  const headingId = useId();
  return (
    <section className="colour-editor" aria-labelledby={headingId}>
      <h3 id={headingId}>Colours</h3>
      {grid.colours.length === 0 ? (
        <p className="field-hint">
          Without colours, the types and prices above are the variants. Add a colour to set the price and stock of each
          colour and size.
        </p>
      ) : (
        <>
          <SizesEditor grid={grid} setGrid={setGrid} />
          {grid.colours.map((colour, i) => (
            <ColourCard
              key={colour.key}
              colour={colour}
              index={i}
              grid={grid}
              setGrid={setGrid}
              onRemove={() => onRemoveColour(colour.key)}
              onUploading={onUploading}
            />
          ))}
        </>
      )}
      <div>
        <button type="button" className="btn btn-secondary" onClick={onAddColour}>
          Add colour
        </button>
      </div>
    </section>
  );
}

function SizesEditor({ grid, setGrid }: Pick<ColourEditorProps, 'grid' | 'setGrid'>) {
  return (
    <fieldset className="colour-sizes">
      <legend>Sizes</legend>
      <p className="field-hint">Every colour comes in these sizes; each colour has its prices and stock below.</p>
      <ol className="colour-size-list">
        {grid.sizes.map((size, i) => (
          <li key={size.key}>
            <label className="colour-size-input">
              <span>Size {i + 1}</span>
              <input
                type="text"
                value={size.label}
                onChange={(e) => {
                  const label = e.target.value;
                  setGrid((g) => renameSize(g, size.key, label));
                }}
              />
            </label>
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={`Remove size ${sizeLabel(size, i)}`}
              onClick={() => setGrid((g) => removeSize(g, size.key))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => setGrid(addSize)}>
          Add size
        </button>
      </div>
    </fieldset>
  );
}

type ColourCardProps = Pick<ColourEditorProps, 'grid' | 'setGrid' | 'onUploading'> & {
  colour: ColourValues;
  index: number;
  onRemove: () => void;
};

function ColourCard({ colour, index, grid, setGrid, onRemove, onUploading }: ColourCardProps) {
  const id = useId();
  const label = colourLabel(colour, index);
  const place = `Colour ${index + 1}`;
  const change = (next: Partial<Pick<ColourValues, 'name' | 'hex' | 'photos'>>) =>
    setGrid((g) => updateColour(g, colour.key, next));
  const validHex = /^#[0-9a-f]{6}$/i.test(colour.hex.trim());

  return (
    <fieldset className="colour-card">
      <legend>
        {place}
        {colour.name.trim() ? `: ${colour.name.trim()}` : ''}
      </legend>
      <div className="colour-card-head">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            <Unseen>{place} </Unseen>Name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            required
            value={colour.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-hex`}>
            <Unseen>{place} </Unseen>Hex
          </label>
          <div className="colour-hex">
            <input
              type="color"
              className={validHex ? undefined : 'is-unset'}
              aria-label={`${place} hex picker`}
              value={validHex ? colour.hex.trim().toLowerCase() : '#000000'}
              onChange={(e) => change({ hex: e.target.value.toUpperCase() })}
            />
            <input
              id={`${id}-hex`}
              type="text"
              placeholder="#RRGGBB"
              spellCheck={false}
              autoCapitalize="characters"
              value={colour.hex}
              onChange={(e) => change({ hex: e.target.value })}
            />
          </div>
        </div>
        <div className="colour-card-actions">
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => setGrid((g) => moveColour(g, colour.key, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={`Move ${label} down`}
            disabled={index === grid.colours.length - 1}
            onClick={() => setGrid((g) => moveColour(g, colour.key, 1))}
          >
            ↓
          </button>
          <button type="button" className="btn btn-secondary" aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <ColourPhotos colour={colour} place={place} label={label} setGrid={setGrid} onUploading={onUploading} />
      <VariantRows colour={colour} label={label} sizes={grid.sizes} setGrid={setGrid} />
    </fieldset>
  );
}

type ColourPhotosProps = Pick<ColourEditorProps, 'setGrid' | 'onUploading'> & {
  colour: ColourValues;
  place: string;
  label: string;
};

function ColourPhotos({ colour, place, label, setGrid, onUploading }: ColourPhotosProps) {
  const id = useId();
  const upload = useUploadPhoto();
  const [pending, setPending] = useState(0);
  const [inputKey, setInputKey] = useState(0);

  // One at a time, each added as soon as it is stored, so one refused photo keeps the others.
  const add = async (files: File[]) => {
    setPending(files.length);
    onUploading(files.length);
    for (const file of files) {
      try {
        const { path } = await upload.mutateAsync(file);
        setGrid((g) => {
          const now = g.colours.find((c) => c.key === colour.key);
          return now ? updateColour(g, colour.key, { photos: [...now.photos, path] }) : g;
        });
      } catch (error) {
        notify.error(errorMessage(error, 'Error in uploading photo'));
      }
      setPending((n) => n - 1);
      onUploading(-1);
    }
    setInputKey((k) => k + 1);
  };

  return (
    <div className="colour-photos">
      {colour.photos.length > 0 ? (
        <ul className="colour-photo-list">
          {colour.photos.map((src, i) => (
            <li key={`${src}-${i}`}>
              <img src={src} alt={`${label} photo ${i + 1}${i === 0 ? ', the main one' : ''}`} width={72} height={72} />
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`Remove ${label} photo ${i + 1}`}
                onClick={() =>
                  setGrid((g) => {
                    const now = g.colours.find((c) => c.key === colour.key);
                    return now ? updateColour(g, colour.key, { photos: now.photos.filter((_, j) => j !== i) }) : g;
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-photos`}>
          <Unseen>{place} </Unseen>Add photos
        </label>
        <input
          key={inputKey}
          id={`${id}-photos`}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-photos-hint`}
          onChange={(e) => void add(Array.from(e.target.files ?? []))}
        />
        <span id={`${id}-photos-hint`} className="field-hint">
          The first photo is the colour&apos;s main one.
        </span>
        <span role="status" className="field-hint">
          {pending > 0 ? `Uploading ${pending} ${pending === 1 ? 'photo' : 'photos'}…` : ''}
        </span>
      </div>
    </div>
  );
}

const CELL_FIELDS: {
  key: keyof CellValues;
  label: string;
  inputMode: 'decimal' | 'numeric' | undefined;
  required: boolean;
}[] = [
  { key: 'price', label: 'MRP', inputMode: 'decimal', required: true },
  { key: 'salePrice', label: 'Selling price', inputMode: 'decimal', required: true },
  { key: 'stock', label: 'Stock', inputMode: 'numeric', required: false },
  { key: 'model', label: 'Model', inputMode: undefined, required: false },
];

type VariantRowsProps = Pick<ColourEditorProps, 'setGrid'> & {
  colour: ColourValues;
  label: string;
  sizes: SizeRow[];
};

/** The colour's row per size: each input named as `Tan UK 8 MRP` for screen readers. */
function VariantRows({ colour, label, sizes, setGrid }: VariantRowsProps) {
  return (
    <div className="variant-grid" role="group" aria-label={`${label} prices and stock`}>
      <div className="variant-grid-head" aria-hidden="true">
        <span>Size</span>
        {CELL_FIELDS.map((f) => (
          <span key={f.key}>{f.label}</span>
        ))}
        <span />
      </div>
      {sizes.map((size, i) => {
        const cell = colour.cells[size.key];
        const name = `${label} ${sizeLabel(size, i)}`;
        return (
          <div key={size.key} className={`variant-row${cell ? '' : ' variant-row-absent'}`}>
            <span className="variant-size">{sizeLabel(size, i)}</span>
            {cell ? (
              <>
                {CELL_FIELDS.map((f) => (
                  <label key={f.key} className="variant-cell">
                    <Unseen>{name} </Unseen>
                    <span className="variant-cell-label label-on-phone">{f.label}</span>
                    <input
                      type="text"
                      inputMode={f.inputMode}
                      required={f.required}
                      value={cell[f.key]}
                      onChange={(e) => {
                        const value = e.target.value;
                        setGrid((g) => updateCell(g, colour.key, size.key, { [f.key]: value }));
                      }}
                    />
                  </label>
                ))}
                <button
                  type="button"
                  className="btn btn-secondary variant-remove"
                  aria-label={`Remove ${name}`}
                  onClick={() => setGrid((g) => toggleCell(g, colour.key, size.key))}
                >
                  Remove
                </button>
              </>
            ) : (
              <>
                <span className="field-hint variant-absent-note">Not made in this colour</span>
                <button
                  type="button"
                  className="btn btn-secondary variant-remove"
                  aria-label={`Add ${name}`}
                  onClick={() => setGrid((g) => toggleCell(g, colour.key, size.key))}
                >
                  Add
                </button>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
