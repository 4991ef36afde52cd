import { configOf, notConfigured, type TPaymentProvider } from './payment-provider.ts';

// Bank transfer: the guest transfers the open amount with the booking number as reference. The EPC
// (SEPA) QR code for it is the documents module's POST /api/bookings/{id}/paymentqrcode. Nothing is
// received here: the bank statement import (banks) matches the transfer to the booking.

export const bankTransferProvider: TPaymentProvider = {
  type: 'bank_transfer',
  async checkout({ provider, booking }) {
    const config = configOf(provider);
    if (!config.iban) throw notConfigured('an IBAN');
    return {
      url: null,
      instructions: {
        accountHolder: config.accountHolder ?? null,
        iban: config.iban,
        bic: config.bic ?? null,
        bankName: config.bankName ?? null,
        reference: booking.number,
      },
    };
  },
};
