// A chosen file as the pre-proposal endpoint takes it: its name and its bytes in base64.
export async function fileAsBase64(file: File): Promise<{ fileName: string; contentBase64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { fileName: file.name, contentBase64: btoa(binary) };
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export function fileSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
