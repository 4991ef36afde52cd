import { Text } from '@mantine/core';

export type TImagePickerProps = {
  label?: string;
  /** Media ids in display order; the first is the main image. */
  value: number[];
  onChange: (ids: number[]) => void;
  max?: number;
  disabled?: boolean;
};

/** Images of a record (room, room type, resort, vessel, tour) chosen from or uploaded to the media library. */
export function ImagePicker({ label, value }: TImagePickerProps) {
  return (
    <Text size="sm">
      {label} {value.length}
    </Text>
  );
}
