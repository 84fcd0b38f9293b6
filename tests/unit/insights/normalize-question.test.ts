/** @jest-environment node */
// Question group: a question's normalised form, in English, German, French, Japanese
// and with the privacy feature's placeholders.
import { normalizeQuestion, QUESTION_GROUP_MAX_LENGTH, QUESTION_MAX_TOKENS, questionTokens } from "@/lib/insights/normalize-question";

describe("normalizeQuestion", () => {
  it.each([
    // English: case, punctuation, apostrophes; stop words kept
    ["where is my order NW-5532?", "where is my order <id>"],
    ["Where is my order nw-9921", "where is my order <id>"],
    ["Where’s my order #100234??", "wheres my order <id>"],
    ["Can I return it?", "can i return it"],
    ["  return   it  ", "return it"],
    ["t-shirt and/or jacket", "t shirt and or jacket"],
    // ids and numbers
    ["order A1B2C3", "order <id>"],
    ["ticket 12345", "ticket <id>"],
    ["ticket 1234", "ticket <num>"],
    ["uuid 550e8400-e29b-41d4-a716-446655440000 please", "uuid <id> please"],
    ["session 65e7a1f0c2b3d4e5f6a7b807", "session <id>"],
    ["I was charged $12.95 twice", "i was charged <num> twice"],
    ["refund of 1,200.50", "refund of <num>"],
    ["I'm 5'10 and 170 lbs", "im <num> and <num> lbs"],
    ["open at 10:30am?", "open at <num>"],
    ["the 5th one", "the <num> one"],
    ["a 2kg tent", "a <num> tent"],
    ["call +1 (555) 123-4567", "call <id>"],
    ["call 555 123 4567 or 555.123.4567", "call <id> or <id>"],
    ["card 4111 1111 1111 1111", "card <id>"],
    ["IBAN DE89 3704 0044 0532 0130 00", "iban <id>"],
    ["IBAN DE89370400440532013000", "iban <id>"],
    ["my IP is 192.168.0.1", "my ip is <id>"],
    ["orders NW-1 NW-2 NW-3", "orders <id>"],
    // dates
    ["delivered on 2024-03-05?", "delivered on <date>"],
    ["delivered on 05/03/2024", "delivered on <date>"],
    ["delivered on 5.3.24", "delivered on <date>"],
    ["by March 5th, 2024", "by <date>"],
    ["by the 5th of March", "by the <date>"],
    ["can I get it by Friday, Apr 12", "can i get it by friday <date>"],
    // e-mail addresses and URLs
    ["send it to Alex.Smith+shop@Example.co.uk", "send it to <email>"],
    ["see https://northwind.example/returns?id=5 and www.example.com/a", "see <url> and <url>"],
    // the privacy feature's placeholders read as what they replaced
    ["my email is [EMAIL]", "my email is <email>"],
    ["call me on [PHONE]", "call me on <id>"],
    ["card [CARD] and iban [IBAN] from [IP]", "card <id> and iban <id> from <id>"],
    ["I'm [NAME]", "im <name>"],
    // German and French: accents and ß folded, month names read as dates
    ["Wo ist meine Bestellung vom 5. März?", "wo ist meine bestellung vom <date>"],
    ["Größentabelle für Jacken?", "großentabelle fur jacken"],
    ["Où est ma commande NW-123456 ?", "ou est ma commande <id>"],
    ["Livraison le 5 mars 2024 ?", "livraison le <date>"],
    ["l'étiquette prépayée", "letiquette prepayee"],
    ["¿Dónde está mi pedido del 5 de marzo?", "donde esta mi pedido del <date>"],
    // compatibility forms
    ["Ｆｕｌｌ ｗｉｄｔｈ １２３", "full width <num>"],
    // Japanese: runs of letters are not split into words; digits, dates and punctuation are
    ["注文した商品はいつ届きますか？", "注文した商品はいつ届きますか"],
    ["ご注文12345はどこですか？", "ご注文 <id> はどこですか"],
    ["12月5日に届きますか", "<date> に届きますか"],
    ["返品方法を、教えてください。", "返品方法を 教えてください"],
    // nothing left
    ["?!", ""],
    ["👍👍", ""],
  ])("%j → %j", (text, expected) => {
    expect(normalizeQuestion(text)).toBe(expected);
  });

  it("puts the same question about other orders, dates and people in one group", () => {
    const group = normalizeQuestion("Where is my order NW-5532 from March 3? Mail me at sam@example.com");
    expect(normalizeQuestion("where is my order nw-9921 from 2024-04-01? mail me at [EMAIL]")).toBe(group);
  });

  it("keeps words that differ in meaning apart", () => {
    expect(normalizeQuestion("can I return it")).not.toBe(normalizeQuestion("can I exchange it"));
    expect(normalizeQuestion("can I return it")).not.toBe(normalizeQuestion("return it"));
  });

  it(`holds at most ${QUESTION_MAX_TOKENS} tokens and ${QUESTION_GROUP_MAX_LENGTH} characters, cut between tokens`, () => {
    expect(questionTokens("word ".repeat(500))).toHaveLength(QUESTION_MAX_TOKENS);
    const key = normalizeQuestion("abcdefghi ".repeat(50));
    expect(key.length).toBeLessThanOrEqual(QUESTION_GROUP_MAX_LENGTH);
    expect(key).toMatch(/^(abcdefghi )*abcdefghi$/);
  });

  it("cuts a single over-long token between characters", () => {
    const key = normalizeQuestion("𠮷".repeat(300));
    expect(key.length).toBeLessThanOrEqual(QUESTION_GROUP_MAX_LENGTH);
    expect(key).toBe("𠮷".repeat(QUESTION_GROUP_MAX_LENGTH / 2));
  });

  it("reads hostile texts quickly (no backtracking blows up)", () => {
    const hostile = ["a.".repeat(500), "%".repeat(1000), `1${" ".repeat(998)}x`, "x@".repeat(500), "nw-".repeat(333), "1.".repeat(500)];
    // Processor time, not the clock's: other work on the machine does not count.
    const started = process.cpuUsage();
    for (let round = 0; round < 300; round++) for (const text of hostile) normalizeQuestion(text);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(3_000);
  });
});
