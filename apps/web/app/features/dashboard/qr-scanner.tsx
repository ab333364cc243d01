import { useEffect, useRef, useState } from "react";

/** The browser's own detector (Chromium on Android, ChromeOS and macOS); not in TypeScript's DOM types yet. */
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** A QR reader for video frames: the browser's BarcodeDetector where it reads QR codes, else jsQR. */
async function createReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  // Loaded only when needed: the page itself stays small.
  const { default: jsQR } = await import("jsqr");
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/**
 * Reads a QR code with the device's camera (the back one on a phone) and hands its text to `onScan`
 * once, then stops the camera. Nothing leaves the browser but that text.
 */
export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [scanning, setScanning] = useState(false);
  const [status, setStatus] = useState("");
  const stop = useRef<() => void>(() => {});

  useEffect(() => () => stop.current(), []);

  async function start() {
    setStatus("Opening the camera…");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      setStatus(
        `The camera could not be opened (${error instanceof Error ? error.name : "unknown"}). Type the order number instead.`,
      );
      return;
    }
    let running = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    stop.current = () => {
      running = false;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      setScanning(false);
    };
    setScanning(true);
    const element = video.current;
    if (!element || !canvas.current) return stop.current();
    element.srcObject = stream;
    await element.play().catch(() => {});
    setStatus("Point the camera at the QR code of the collection pass.");
    const read = await createReader();
    const tick = async () => {
      if (!running || !canvas.current) return;
      const text = await read(element, canvas.current).catch(() => null);
      if (text) {
        stop.current();
        setStatus("Collection pass read.");
        onScan(text);
        return;
      }
      timer = setTimeout(() => void tick(), 150);
    };
    void tick();
  }

  return (
    <div className="qr-scanner">
      <video ref={video} muted playsInline hidden={!scanning} aria-label="Camera view" />
      <canvas ref={canvas} hidden />
      <p className="muted" role="status">
        {status}
      </p>
      {scanning ? (
        <button type="button" className="button" onClick={() => stop.current()}>
          Stop the camera
        </button>
      ) : (
        <button type="button" className="button button-primary" onClick={() => void start()}>
          Scan a collection pass
        </button>
      )}
    </div>
  );
}
