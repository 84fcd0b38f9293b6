// What the generated conversations say: a support assistant of an outdoor-gear shop. Answers use the
// formatting real bot answers use (URLs, **bold**, numbered and bulleted lists, 'Reference:' lines),
// and a few conversations are in other languages. {placeholders} are filled in per conversation.

export interface Topic {
  intent: string;
  questions: string[];
  answers: string[];
  followUps?: string[];
  /** Button labels offered with the answer; a user sometimes clicks one instead of typing. */
  buttons?: string[];
}

export const GREETINGS = [
  "Hi there! I'm Ava, the Northwind Outfitters virtual assistant. How can I help you today?",
  "Hello! 👋 Welcome to Northwind Outfitters support. Ask me about orders, returns, sizing or your account.",
  "Hi! I'm Ava. I can track orders, start a return, or answer questions about our gear. What do you need?",
  "Welcome back! How can I help with your Northwind order today?",
];

export const CLOSINGS = [
  "You're welcome! Is there anything else I can help you with?",
  "Happy to help. Have a great day on the trail! 🏕️",
  "Glad I could help. If anything else comes up, just ask.",
  "Anytime! You can also reach our team at support@northwind.example.",
];

export const THANKS = ["thanks!", "thank you", "great, thanks", "perfect thank you so much", "ok thanks", "that's all, thanks", "thx"];

export const TOPICS: Topic[] = [
  {
    intent: "order_status",
    questions: [
      "where is my order",
      "Where is my order {order}?",
      "has my order shipped yet",
      "i ordered a {product} last week and it hasn't arrived",
      "track order {order}",
      "when will my package arrive",
    ],
    answers: [
      "Your order **{order}** shipped on {date} with UPS. You can track it here: https://track.northwind.example/{order}. Estimated delivery is **{date2}**.",
      "I found order **{order}**. It's currently **in transit** and should arrive by {date2}.\nReference: https://help.northwind.example/articles/order-tracking",
      "Order {order} is being packed at our Denver warehouse. You'll get an email with the tracking number within 24 hours.",
    ],
    followUps: ["can I change the delivery address?", "it says delivered but I don't have it", "can you send it faster"],
    buttons: ["Track another order", "Talk to an agent"],
  },
  {
    intent: "return_item",
    questions: [
      "how do I return an item",
      "I want to return my {product}",
      "return policy?",
      "can i return something i bought {days} days ago",
      "the {product} doesn't fit, how do I send it back",
    ],
    answers: [
      "You can return most items within **60 days** of delivery. Here's how:\n1. Go to https://northwind.example/returns\n2. Enter your order number and email\n3. Print the prepaid label and drop the parcel at any UPS store.\nRefunds are issued within 5-7 business days after we receive it.",
      "Returns are free for members. Start one at https://northwind.example/returns.\n- Items must be unused with tags attached\n- Footwear must be returned in the original box\n- Sale items are final sale\nReference: https://help.northwind.example/articles/return-policy",
      "Sorry the {product} didn't work out! I've started return **R-{ticket}** for you. A prepaid label has been sent to {email}.",
    ],
    followUps: ["how long does the refund take", "can I exchange it instead", "do I have to pay for shipping"],
    buttons: ["Start a return", "Exchange instead"],
  },
  {
    intent: "refund_status",
    questions: [
      "where is my refund",
      "I returned my order 2 weeks ago and still no refund",
      "refund status for {order}",
      "when will I get my money back",
    ],
    answers: [
      "Your refund of **${amount}** for order {order} was issued on {date}. It can take **3-5 business days** to show on your statement, depending on your bank.",
      "We received your return on {date}. Refunds are processed within 5-7 business days. I'll flag it as a priority: reference **RF-{ticket}**.",
    ],
    followUps: ["it's been more than a week", "can I get store credit instead"],
  },
  {
    intent: "sizing",
    questions: [
      "what size should I get for the {product}",
      "does the {product} run small",
      "size chart?",
      "I'm 5'10 and 170 lbs, which size jacket",
      "are your boots true to size",
    ],
    answers: [
      "Most of our jackets fit **true to size**. If you're between sizes or plan to layer, size up. Full size chart: https://northwind.example/size-guide",
      "The {product} runs about half a size small. Customers usually recommend:\n- Size up if you have wide feet\n- Wear the socks you'll hike in when measuring\nReference: https://help.northwind.example/articles/boot-fit",
      "Based on 5'10\" and 170 lbs, a **Medium** should fit well in the Ridgeline jacket. For a roomier fit over fleece, choose Large.",
    ],
    buttons: ["See size guide", "Ask about another product"],
  },
  {
    intent: "product_info",
    questions: [
      "is the {product} waterproof",
      "what's the difference between the Summit 40 and Summit 55 pack",
      "does the {product} come with a warranty",
      "is the tent good for winter camping",
      "what is the weight of the {product}",
    ],
    answers: [
      "The {product} uses a **3-layer waterproof membrane** rated to 20,000 mm and fully taped seams, so it's great for sustained rain.",
      "Here's a quick comparison:\n1. **Summit 40**: 1.2 kg, fits carry-on, best for 1-2 nights\n2. **Summit 55**: 1.6 kg, adjustable torso, best for 3-5 nights\nBoth have a lifetime warranty. More: https://northwind.example/packs/summit",
      "All Northwind gear has a **lifetime warranty** against defects in materials and workmanship.\nReference: https://help.northwind.example/articles/warranty",
      "The Basecamp 2 is a 3-season tent. For winter camping we recommend the **Basecamp 4S**, which handles snow loads and strong wind: https://northwind.example/tents/basecamp-4s",
    ],
    followUps: ["is it in stock in blue?", "do you have it in women's sizes"],
  },
  {
    intent: "stock",
    questions: ["is the {product} in stock", "when will the {product} be back in stock", "do you have size 10 in the Trailrunner"],
    answers: [
      "The {product} is **in stock** in most sizes. Colors available: Slate, Moss and Ember.",
      "That item is currently sold out. It's expected back around **{date2}**. You can sign up for a restock alert on the product page.",
    ],
    buttons: ["Notify me", "Show similar items"],
  },
  {
    intent: "account_password",
    questions: [
      "I forgot my password",
      "can't log in to my account",
      "reset password",
      "my account is locked",
      "how do I change my email address",
    ],
    answers: [
      "No problem. To reset your password:\n1. Go to https://northwind.example/account/reset\n2. Enter {email}\n3. Follow the link in the email (valid for 30 minutes).\nIf the email doesn't arrive, check your spam folder.",
      "For security, accounts lock after 5 failed attempts. It unlocks automatically after **15 minutes**, or you can reset your password at https://northwind.example/account/reset",
      "You can change your email under **Account > Profile > Email**. We'll send a confirmation link to the new address.",
    ],
    followUps: ["I didn't get the email", "the link expired"],
  },
  {
    intent: "billing",
    questions: [
      "I was charged twice",
      "why was my card charged {amount}",
      "can I pay with PayPal",
      "do you accept Apple Pay",
      "I need an invoice for order {order}",
    ],
    answers: [
      "I'm sorry about that! A duplicate charge is usually a **pending authorization** that drops off within 3 business days. If it's still there after that, reply here and I'll open a billing case.",
      "We accept:\n- Visa, Mastercard, Amex and Discover\n- PayPal and Apple Pay\n- Northwind gift cards\nReference: https://help.northwind.example/articles/payment-methods",
      "You can download the invoice for order {order} from **Account > Orders > {order} > Invoice**, or here: https://northwind.example/account/orders/{order}/invoice",
    ],
  },
  {
    intent: "shipping_options",
    questions: [
      "how much is shipping",
      "do you ship to Canada",
      "how long does standard shipping take",
      "do you offer free shipping",
      "can I get it by Friday",
    ],
    answers: [
      "Shipping options:\n1. **Standard** (5-7 business days): free over $75\n2. **Expedited** (2-3 business days): $12.95\n3. **Overnight**: $29.95\nOrders placed before 1 pm MT ship the same day.",
      "Yes, we ship to Canada! Duties and taxes are calculated at checkout so there are no surprises on delivery. Delivery takes 6-10 business days.",
      "Standard shipping is **free** on orders over $75. Members get free shipping on every order. Join here: https://northwind.example/membership",
    ],
  },
  {
    intent: "membership",
    questions: [
      "what are the benefits of membership",
      "how do I cancel my membership",
      "is the membership worth it",
      "how many points do I have",
    ],
    answers: [
      "Northwind Members get:\n- Free shipping on every order\n- 10% back in rewards\n- Early access to sales\n- Free returns for 90 days\nMembership is $20/year: https://northwind.example/membership",
      "You can cancel anytime from **Account > Membership > Cancel**. Unused rewards stay valid until they expire.",
      "You have **{points} points**, worth ${amount} on your next order.",
    ],
  },
  {
    intent: "store_hours",
    questions: ["what time does the Boulder store open", "store hours", "is there a store near me", "are you open on Sunday"],
    answers: [
      "Our **Boulder** store is open Mon-Sat 9 am to 8 pm and Sun 10 am to 6 pm. Address: 1420 Pearl St, Boulder, CO.",
      "You can find the nearest store and its hours at https://northwind.example/stores",
    ],
  },
  {
    intent: "repair",
    questions: ["my jacket zipper broke", "can you repair my tent pole", "the sole of my boot is coming off", "do you do repairs"],
    answers: [
      "We can fix that! Our repair program covers zippers, seams and buckles. Start a repair request at https://northwind.example/repairs and we'll send a prepaid label.\nReference: https://help.northwind.example/articles/repairs",
      "Under the **lifetime warranty**, manufacturing defects are repaired or replaced for free. Please send a photo of the damage to repairs@northwind.example with your order number.",
    ],
  },
  {
    intent: "discount",
    questions: ["do you have a discount code", "my promo code isn't working", "student discount?", "when is your next sale"],
    answers: [
      "Promo codes can't be combined and exclude sale items. Make sure the code is entered in **capital letters**, e.g. TRAIL15.",
      "We offer **15% off** for students, teachers and military through our verification partner: https://northwind.example/discounts",
      "Our Fall Sale starts on {date2}. Members get early access 24 hours before everyone else!",
    ],
  },
  {
    intent: "agent_handoff",
    questions: ["talk to a human", "agent please", "I want to speak to a real person", "this isn't helping, can I talk to someone"],
    answers: [
      "I'll connect you with our support team. Current wait time is about **{minutes} minutes**. You can also email support@northwind.example or call 1-800-555-0199.",
      "Sorry I couldn't solve this. An agent will join this chat shortly. Your case number is **C-{ticket}**.",
    ],
  },
  {
    intent: "order_change",
    questions: [
      "can I cancel my order",
      "I need to change the size on my order {order}",
      "add an item to my order",
      "cancel order {order}",
    ],
    answers: [
      "Orders can be changed or cancelled within **1 hour** of purchase. Order {order} was placed {minutes} minutes ago, so I've cancelled it. The refund of ${amount} will appear in 3-5 days.",
      "That order has already been packed, so it can't be changed. Once it arrives you can exchange it for free at https://northwind.example/returns",
    ],
  },
  {
    // The platform's built-in intent of a request its model could not match.
    intent: "None",
    questions: ["asdf", "hmm", "do you sell kayaks", "what's the weather on Longs Peak", "can you recommend a trail near Denver"],
    answers: [
      "Sorry, I didn't quite get that. I can help with orders, returns, sizing, products and your account.",
      "I'm not able to help with that, but our Trail Guides blog has lots of ideas: https://northwind.example/blog/trails",
      "We don't sell kayaks, but we do carry paddling apparel and dry bags: https://northwind.example/water",
    ],
  },
];

/** Conversations in other languages: [question, answer] pairs. */
export const FOREIGN_EXCHANGES: [string, string][] = [
  ["Où est ma commande {order} ?", "Votre commande **{order}** a été expédiée le {date}. Suivi : https://track.northwind.example/{order}"],
  [
    "Comment retourner un article ?",
    "Vous pouvez retourner un article sous **60 jours** :\n1. Allez sur https://northwind.example/returns\n2. Imprimez l'étiquette prépayée.",
  ],
  ["Wo ist meine Bestellung?", "Ihre Bestellung {order} ist unterwegs und kommt voraussichtlich am {date2} an."],
  ["Kann ich die Jacke umtauschen?", "Ja, der Umtausch ist innerhalb von 60 Tagen kostenlos: https://northwind.example/returns"],
  ["¿Dónde está mi pedido?", "Tu pedido **{order}** fue enviado el {date}. Puedes seguirlo aquí: https://track.northwind.example/{order}"],
  ["¿Tienen tallas grandes?", "Sí, la mayoría de nuestras chaquetas están disponibles hasta la talla **XXL**."],
  ["注文した商品はいつ届きますか？", "ご注文 {order} は{date}に発送されました。配送状況はこちら：https://track.northwind.example/{order}"],
  [
    "返品方法を教えてください",
    "返品は60日以内であれば無料です。\n1. https://northwind.example/returns にアクセス\n2. 注文番号を入力してください",
  ],
  ["我的订单什么时候到？", "您的订单 {order} 已于{date}发货，预计{date2}送达。"],
  ["Где мой заказ?", "Ваш заказ {order} отправлен {date}. Отслеживание: https://track.northwind.example/{order}"],
];

export const PRODUCTS = [
  "Ridgeline rain jacket",
  "Summit 40 backpack",
  "Trailrunner shoes",
  "Basecamp 2 tent",
  "Alpine down parka",
  "Canyon hiking boots",
  "Cascade fleece",
  "Nomad sleeping bag",
  "Traverse trekking poles",
  "Glacier gloves",
  "Meadow hiking pants",
  "Ember headlamp",
  "Horizon sunglasses",
  "Drift dry bag",
  "Tundra insulated bottle",
];
