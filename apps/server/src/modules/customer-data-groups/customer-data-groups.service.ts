import type {
  TCreateCustomerDataGroup,
  TCustomerDataField,
  TUpdateCustomerDataGroup,
} from '@atoll/domain/customer-data';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type {
  TCustomerDataGroupRow,
  TCustomerDataGroupsRepository,
} from './customer-data-groups.repository.ts';

/** The field definitions of a row; the column is written only through the validated schemas. */
const fieldsOf = (row: TCustomerDataGroupRow) => row.fields as TCustomerDataField[];

export function createCustomerDataGroupsService(deps: { db: Db; repository: TCustomerDataGroupsRepository }) {
  const { db, repository } = deps;
  return {
    /**
     * Column values of a create or update. Field keys are unique and types valid by the schema. A field
     * removed here keeps the customers' stored values: adding the key again brings them back, and
     * `validateCustomerData` drops them on the customer's next save (docs/adr/0008).
     */
    async values(input: TCreateCustomerDataGroup | TUpdateCustomerDataGroup) {
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.fields !== undefined ? { fields: input.fields } : {}),
      };
    },

    /**
     * Moves a field definition and every customer's value of it from one group to another, in one
     * transaction; answers the number of customers whose data moved.
     */
    async moveField(from: number, to: number, key: string) {
      return db.transaction(async (tx) => {
        const groups = await repository.lock(tx, [from, to]);
        const source = groups.find((g) => g.id === from);
        const target = groups.find((g) => g.id === to);
        if (!source || !target) throw notFound('customerdatagroup');
        const field = fieldsOf(source).find((f) => f.key === key);
        if (!field) throw notFound('field');
        if (fieldsOf(target).some((f) => f.key === key)) {
          throw conflict(`The target group already has a field "${key}"`);
        }
        await repository.setFields(
          tx,
          from,
          fieldsOf(source).filter((f) => f.key !== key),
        );
        await repository.setFields(tx, to, [...fieldsOf(target), field]);
        return repository.moveValues(tx, from, to, key);
      });
    },

    /** Stored values of a deleted group go with it: no screen could show them again (docs/adr/0008). */
    async beforeDelete(tx: Tx, row: TCustomerDataGroupRow) {
      await repository.removeValues(tx, row.id);
    },
  };
}
export type TCustomerDataGroupsService = ReturnType<typeof createCustomerDataGroupsService>;
