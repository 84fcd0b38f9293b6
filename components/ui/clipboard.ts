// Puts text on the clipboard: the Clipboard API, else (older browsers, insecure origins) a hidden
// text box and the copy command. Throws when the browser refuses.
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const box = document.createElement("textarea");
  box.value = text;
  box.setAttribute("readonly", "");
  box.style.position = "fixed";
  box.style.opacity = "0";
  document.body.appendChild(box);
  box.select();
  const isCopied = document.execCommand("copy");
  box.remove();
  if (!isCopied) throw new Error("The browser refused to copy");
}
