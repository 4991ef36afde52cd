import type { TPosAssets } from '@atoll/domain/onsite/pos';
import { useEffect, useState } from 'react';
import { usePosAssets } from './api.ts';

// The asset a walk-in's tab belongs to at this counter (docs/domain/onsite.md "Stock"): the resort or vessel
// the cashier chose last on this device, else the only one they work at; its sales take the stock kept there.

const STORED = 'atoll.pos.asset';

export type TCounterAsset = { key: string; resortId: number | null; vesselId: number | null; name: string };

export function counterAssets(assets: TPosAssets | undefined): TCounterAsset[] {
  return [
    ...(assets?.resorts ?? []).map((r) => ({
      key: `resort:${r.id}`,
      resortId: r.id,
      vesselId: null,
      name: r.name,
    })),
    ...(assets?.vessels ?? []).map((v) => ({
      key: `vessel:${v.id}`,
      resortId: null,
      vesselId: v.id,
      name: v.name,
    })),
  ];
}

const stored = () => {
  try {
    return localStorage.getItem(STORED) ?? '';
  } catch {
    return '';
  }
};

/** The assets to choose from and the one chosen (remembered on this device); '' when none is chosen. */
export function useCounterAsset() {
  const assets = counterAssets(usePosAssets().data);
  const [chosen, setChosen] = useState(stored);
  const only = assets.length === 1 ? (assets[0]?.key ?? '') : '';
  const current = assets.find((a) => a.key === chosen) ?? assets.find((a) => a.key === only);
  useEffect(() => {
    if (current && current.key !== stored()) localStorage.setItem(STORED, current.key);
  }, [current]);
  const choose = (key: string) => {
    setChosen(key);
    try {
      localStorage.setItem(STORED, key);
    } catch {
      // A browser without storage: the choice holds until the page is left.
    }
  };
  return { assets, current, choose };
}
