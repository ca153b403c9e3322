import { useEffect, useRef, useState } from 'react';
import { VOICE_SUBMIT_MS } from '#/stores/search.ts';

type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
};
type RecognitionConstructor = new () => Recognition;

const speechApi = (): RecognitionConstructor | undefined => {
  const w = window as Window & {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

export const MIC_DENIED = 'Não foi possível acessar o microfone';

/**
 * Voice search where the browser has speech recognition (spec section 4): continuous, interim results
 * fill the input, and VOICE_SUBMIT_MS after the last result the text is submitted. Microphone
 * permission is asked first; a refusal is only logged. `supported` is false (no button) elsewhere.
 */
export function useVoiceSearch(onText: (text: string) => void, onDone: (text: string) => void) {
  const [supported, setSupported] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | undefined>(undefined);
  const handlers = useRef({ onText, onDone });
  handlers.current = { onText, onDone };
  useEffect(() => {
    setSupported(speechApi() !== undefined);
    return () => recognition.current?.stop();
  }, []);

  const start = async () => {
    const Speech = speechApi();
    if (!Speech || listening) return;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
    } catch {
      console.warn(MIC_DENIED);
      return;
    }
    const r = new Speech();
    r.lang = 'pt-BR';
    r.continuous = true;
    r.interimResults = true;
    let text = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    r.onresult = (event) => {
      text = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      handlers.current.onText(text);
      clearTimeout(timer);
      timer = setTimeout(() => {
        r.stop();
        handlers.current.onDone(text);
      }, VOICE_SUBMIT_MS);
    };
    r.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') console.warn(MIC_DENIED);
    };
    r.onend = () => {
      setListening(false);
    };
    recognition.current = r;
    r.start();
    setListening(true);
  };
  const stop = () => recognition.current?.stop();
  return { supported, listening, start, stop };
}
