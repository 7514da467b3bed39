/** The help articles behind the widget's FAQ list, each on its own page at /articles/{id}. */
export type HelpArticle = {
  id: string;
  title: string;
  summary: string;
  sections: { heading: string; paragraphs: string[]; list?: string[] }[];
};

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'baggage',
    title: 'How much baggage can I bring?',
    summary: 'Cabin bags, checked bags and special items by travel class.',
    sections: [
      {
        heading: 'Cabin baggage',
        paragraphs: [
          'Every traveller may bring one cabin bag of up to 7 kg (55 x 40 x 23 cm) and one small personal item, such as a handbag or a laptop bag, that fits under the seat in front.',
        ],
      },
      {
        heading: 'Checked baggage',
        paragraphs: ['The allowance depends on the travel class of your booking:'],
        list: ['Economy: one bag of up to 23 kg.', 'Premium Economy: two bags of up to 23 kg each.', 'Business and First Class: two bags of up to 32 kg each.'],
      },
      {
        heading: 'Special items',
        paragraphs: [
          'Sports equipment, musical instruments and mobility aids travel with us too. Send us a message at least 48 hours before departure so we can make room for them.',
          'Batteries, power banks and e-cigarettes must stay in your cabin bag.',
        ],
      },
    ],
  },
  {
    id: 'check-in',
    title: 'When and how do I check in?',
    summary: 'Online check-in, airport counters and the times to keep in mind.',
    sections: [
      {
        heading: 'Online check-in',
        paragraphs: [
          'Once your booking is confirmed, open Bookings in your dashboard, choose the booking and check in there. Your seats are the ones you chose when you booked.',
        ],
      },
      {
        heading: 'At the airport',
        paragraphs: [
          'Please arrive at least three hours before an international flight and two hours before a domestic one. Check-in counters close 60 minutes before departure and boarding gates 20 minutes before.',
        ],
        list: [
          'Bring the passport you entered in the booking; the name must match it exactly.',
          'Have your booking reference ready; you can look it up at any time on the Track page.',
        ],
      },
    ],
  },
  {
    id: 'bank-transfer',
    title: 'Paying by bank transfer',
    summary: 'How a bank transfer payment works, from the bank details to confirmation.',
    sections: [
      {
        heading: 'Step by step',
        paragraphs: ['Choose Bank Transfer on the payment page. We show the amount and the bank details to pay to.'],
        list: [
          'Make the transfer from your bank for the exact amount shown.',
          'Upload a photo or screenshot of the transfer receipt and press Confirm.',
          'Our team checks the payment and confirms your booking; we e-mail you as soon as it is done.',
        ],
      },
      {
        heading: 'How long are my seats held?',
        paragraphs: [
          'Your seats are held until the payment deadline shown on the payment page (24 hours unless stated otherwise). Once you have uploaded a receipt, they stay held until our team has decided.',
          'If a payment cannot be accepted, you will see the reason and may upload a new receipt before the deadline.',
        ],
      },
    ],
  },
  {
    id: 'change-or-cancel',
    title: 'Changing or cancelling a booking',
    summary: 'Cancel before departure and what is refunded.',
    sections: [
      {
        heading: 'Cancelling',
        paragraphs: [
          'You can cancel a pending or confirmed booking at any time before departure from Bookings in your dashboard. The seats are released straight away.',
          'If you have already paid, the refund is the price minus a cancellation penalty (10% unless your fare says otherwise). We show the amount when you cancel and pay it back to you.',
        ],
      },
      {
        heading: 'Changing',
        paragraphs: [
          'To travel on another date, cancel the booking and book the new flight. For a spelling correction of a traveller name, send us a message with your booking reference; we will fix it for you.',
        ],
      },
    ],
  },
  {
    id: 'payment-receipts',
    title: 'Uploading your payment receipt',
    summary: 'Which files work, what happens on a bad connection and who can see it.',
    sections: [
      {
        heading: 'Which files work',
        paragraphs: [
          'A photo or screenshot of the receipt as JPEG, PNG or WebP, up to 10 MB. Large photos are made smaller on your device before they are sent, so the upload is quick.',
        ],
      },
      {
        heading: 'On a bad connection',
        paragraphs: [
          'You can upload even when the connection drops: the receipt is kept on your device and sent as soon as you are back online. You will see its progress on the payment page.',
        ],
      },
      {
        heading: 'Who can see it',
        paragraphs: ['Only you and our payments team. Receipts are never shown to anyone else.'],
      },
    ],
  },
];

export function findArticle(id: string | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((article) => article.id === id);
}
