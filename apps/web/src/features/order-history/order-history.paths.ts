/** Spec 2 §2 storicoOrdine: the list's path; the tracking dialog and the request page open under it. */
export const ORDER_HISTORY_PATH = '/storicoOrdine';
export const ORDER_HISTORY_LIST = `${ORDER_HISTORY_PATH}/$idRichiesta`;
export const ORDER_HISTORY_TRACKING = `${ORDER_HISTORY_LIST}/tracking/$wayBill`;
export const ORDER_HISTORY_REQUEST = `${ORDER_HISTORY_LIST}/request/$id/$desc`;
