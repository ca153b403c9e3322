import { useStore } from '#/islands/shared/use-store.ts';
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { $zoom, closeZoom, stepZoom } from '#/stores/zoom.ts';
import { useDialog } from '#/islands/shared/dialog.ts';
import { Icon } from '#/islands/shared/Icon.tsx';
import * as icons from '#/lib/icons.ts';

const SWIPE_PX = 50;
const MAX_SCALE = 4;

/**
 * The full-screen viewer: current picture and its number, arrows (buttons and keys), swipe between
 * pictures, pinch or click to magnify, Esc or the close button to leave.
 */
export default function ZoomViewer({ images, name }: { images: string[]; name: string }) {
  const { index } = useStore($zoom);
  const [scale, setScale] = useState(1);
  const [origin, setOrigin] = useState('50% 50%');
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ x: number; distance: number; scale: number; moved: boolean }>({
    x: 0,
    distance: 0,
    scale: 1,
    moved: false,
  });
  const panel = useDialog(true, closeZoom);
  const count = images.length;
  const go = (delta: number) => {
    setScale(1);
    stepZoom(delta, count);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      setScale(1);
      stepZoom(event.key === 'ArrowRight' ? 1 : -1, count);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [count]);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = { x: event.clientX, distance: distance(), scale, moved: false };
  };
  const onMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2 && g.distance > 0) {
      g.moved = true;
      setScale(Math.min(MAX_SCALE, Math.max(1, (g.scale * distance()) / g.distance)));
    }
  };
  const onUp = (event: PointerEvent) => {
    const g = gesture.current;
    const pinching = pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (pinching || g.moved) return;
    const dx = event.clientX - g.x;
    if (scale === 1 && Math.abs(dx) > SWIPE_PX && count > 1) {
      go(dx < 0 ? 1 : -1);
      return;
    }
    // A click or tap magnifies at that point, or goes back to the whole picture.
    const box = event.currentTarget.getBoundingClientRect();
    setOrigin(
      `${String(((event.clientX - box.left) / box.width) * 100)}% ${String(((event.clientY - box.top) / box.height) * 100)}%`,
    );
    setScale(scale > 1 ? 1 : 2);
  };

  return (
    <div ref={panel} className="zoom" role="dialog" aria-modal="true" aria-label={`Fotos de ${name}`}>
      <p className="zoom__count" aria-live="polite">
        {index + 1} / {count}
      </p>
      <button type="button" className="icon-btn zoom__close" aria-label="Fechar" onClick={closeZoom}>
        <Icon drawing={icons.close} />
      </button>
      <div
        className="zoom__stage"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
      >
        <img
          src={images[index]}
          alt={`${name} – foto ${String(index + 1)} de ${String(count)}`}
          draggable={false}
          style={{ transform: `scale(${String(scale)})`, transformOrigin: origin }}
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="icon-btn zoom__prev"
            aria-label="Foto anterior"
            onClick={() => {
              go(-1);
            }}
          >
            <Icon drawing={icons.back} size={28} />
          </button>
          <button
            type="button"
            className="icon-btn zoom__next"
            aria-label="Próxima foto"
            onClick={() => {
              go(1);
            }}
          >
            <Icon drawing={icons.chevron} size={28} />
          </button>
        </>
      )}
    </div>
  );
}
