import { describeItemPiles } from "./item-piles.spec";

describeItemPiles("flange");
