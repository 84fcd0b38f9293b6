import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

// WAI-ARIA asks for an alert dialog before a destructive action, opening on its least destructive
// choice; every confirmation in the app (deny or delete a user, delete feedback, revoke an ingest
// key) is this component.
function Harness({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Remove</button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClose();
        }}
        title="Delete this user?"
        description="The account will be permanently removed."
        confirmLabel="Delete"
        onConfirm={onConfirm}
      />
    </>
  );
}

async function open() {
  const onConfirm = jest.fn();
  const onClose = jest.fn();
  render(<Harness onConfirm={onConfirm} onClose={onClose} />);
  fireEvent.click(screen.getByRole("button", { name: "Remove" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Delete this user?" });
  return { dialog, onConfirm, onClose };
}

describe("ConfirmDialog", () => {
  it("is an alert dialog, described by its text, that opens with the focus on Cancel", async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleDescription("The account will be permanently removed.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
  });

  it("confirms once and closes", async () => {
    const { dialog, onConfirm, onClose } = await open();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("closes without confirming on Cancel or Escape, but not on a click outside it", async () => {
    const { dialog, onConfirm, onClose } = await open();
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
