import type { TLocalizedText } from '@atoll/domain/geo';
import type { TCreateTour, TItineraryDay, TTour } from '@atoll/domain/inventory/tours';

/** The tour form's state: selects hold ids as strings, '' for none. */
export type TTourForm = {
  name: string;
  code: string;
  vesselId: string;
  destinationId: string;
  embarkPortId: string;
  disembarkPortId: string;
  nights: number;
  color: string;
  description: TLocalizedText;
  included: TLocalizedText;
  excluded: TLocalizedText;
  itinerary: TItineraryDay[];
  images: number[];
  isActive: boolean;
  isVisible: boolean;
};

/** Form fields the server's validation details may name. */
export const TOUR_FIELDS = [
  'name',
  'code',
  'vesselId',
  'destinationId',
  'embarkPortId',
  'disembarkPortId',
  'nights',
  'color',
  'description',
  'included',
  'excluded',
  'itinerary',
  'images',
] as const;

const idText = (id: number | null | undefined) => (id ? String(id) : '');
const idOf = (text: string) => (text ? Number(text) : null);

export function toTourForm(tour?: TTour): TTourForm {
  return {
    name: tour?.name ?? '',
    code: tour?.code ?? '',
    vesselId: idText(tour?.vesselId),
    destinationId: idText(tour?.destinationId),
    embarkPortId: idText(tour?.embarkPortId),
    disembarkPortId: idText(tour?.disembarkPortId),
    nights: tour?.nights ?? 7,
    color: tour?.color ?? '',
    description: tour?.description ?? {},
    included: tour?.included ?? {},
    excluded: tour?.excluded ?? {},
    itinerary: tour?.itinerary ?? [],
    images: tour?.images ?? [],
    isActive: tour?.isActive ?? true,
    isVisible: tour?.isVisible ?? true,
  };
}

export function toTourBody(form: TTourForm): Partial<TCreateTour> {
  return {
    ...form,
    code: form.code.trim() || null,
    color: form.color || null,
    vesselId: idOf(form.vesselId),
    destinationId: idOf(form.destinationId),
    embarkPortId: idOf(form.embarkPortId),
    disembarkPortId: idOf(form.disembarkPortId),
  };
}
