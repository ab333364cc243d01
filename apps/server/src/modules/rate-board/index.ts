export { getRateBoard } from "./get-rate-board.ts";
export { listBoardFeatured } from "./list-board-featured.ts";
export { setBoardFeatured } from "./set-board-featured.ts";
