import { z } from 'zod';

/**
 * The store's pickup points as the owner keeps them (`/v2/admin/pickup-points`, owners; our extension,
 * `/painel/retirada`): where a buyer may collect an order instead of having it delivered. A new store has
 * none; the checkout offers each one with its address, hours and how many working days it takes.
 */
export const PICKUP_POINTS_MAX = 20;
export const PICKUP_DAYS_MAX = 30;

const DAYS_MESSAGE = `Informe em dias úteis, de 0 a ${String(PICKUP_DAYS_MAX)}.`;

export const pickupPointInputSchema = z.object({
  nome: z
    .string({ message: 'Informe o nome do ponto de retirada.' })
    .trim()
    .min(3, { message: 'Informe o nome do ponto de retirada, por exemplo "Loja Centro".' })
    .max(60, { message: 'Use no máximo 60 caracteres.' }),
  endereco: z
    .string({ message: 'Informe o endereço.' })
    .trim()
    .min(10, { message: 'Informe o endereço completo: rua, número, bairro, cidade e UF.' })
    .max(200, { message: 'Use no máximo 200 caracteres.' }),
  /** When the buyer may come, in the owner's words ("Seg a sex, 9h às 18h"); empty: not said. */
  horario: z
    .string({ message: 'Informe o horário de retirada.' })
    .trim()
    .max(120, { message: 'Use no máximo 120 caracteres.' }),
  /** Working days after payment until the order is ready there. */
  prazoDias: z
    .number({ message: DAYS_MESSAGE })
    .int({ message: DAYS_MESSAGE })
    .min(0, { message: DAYS_MESSAGE })
    .max(PICKUP_DAYS_MAX, { message: DAYS_MESSAGE }),
});
export type PickupPointInput = z.infer<typeof pickupPointInputSchema>;

export const pickupPointSchema = pickupPointInputSchema.extend({ id: z.number().int() });
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const pickupListSchema = z.object({ pontos: z.array(pickupPointSchema) });
export type PickupList = z.infer<typeof pickupListSchema>;
