// Provide Feedback: the comment's counter reads 'n / 1000 characters'.
export function characterCountText(count: number, max: number): string {
  return `${count} / ${max} characters`;
}
