/** The part of Stripe.js the details step uses: the card element and confirming a payment. */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(
    event: "change",
    handler: (change: { empty: boolean; complete: boolean; error?: { message: string } }) => void,
  ): void;
  destroy(): void;
  focus(): void;
}

export interface StripeJs {
  elements(options?: { locale?: string }): {
    create(type: "card", options?: Record<string, unknown>): StripeCardElement;
  };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{
    paymentIntent?: { id: string; status: string };
    error?: { message?: string; code?: string; decline_code?: string };
  }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads Stripe.js from `url` once (js.stripe.com, or the tests' stand-in) and makes a client. */
export async function loadStripe(url: string, publishableKey: string): Promise<StripeJs> {
  let script = loading.get(url);
  if (!script) {
    script = new Promise<void>((resolve, reject) => {
      const element = document.createElement("script");
      element.src = url;
      element.async = true;
      element.onload = () => resolve();
      element.onerror = () => {
        loading.delete(url);
        reject(new Error("Stripe.js did not load"));
      };
      document.head.append(element);
    });
    loading.set(url, script);
  }
  await script;
  if (!window.Stripe) throw new Error("Stripe.js did not load");
  return window.Stripe(publishableKey);
}
