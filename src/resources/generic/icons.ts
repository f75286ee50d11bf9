/** schema.menu.icon (an MUI icon name) → the icon component. Each icon imported on its own (tree-shaking). */
import type { ComponentType } from 'react';
import AccountTree from '@mui/icons-material/AccountTree';
import Article from '@mui/icons-material/Article';
import Autorenew from '@mui/icons-material/Autorenew';
import Badge from '@mui/icons-material/Badge';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import Category from '@mui/icons-material/Category';
import Collections from '@mui/icons-material/Collections';
import DateRange from '@mui/icons-material/DateRange';
import EmojiSymbols from '@mui/icons-material/EmojiSymbols';
import Euro from '@mui/icons-material/Euro';
import Extension from '@mui/icons-material/Extension';
import FactCheck from '@mui/icons-material/FactCheck';
import Flag from '@mui/icons-material/Flag';
import GTranslate from '@mui/icons-material/GTranslate';
import Groups from '@mui/icons-material/Groups';
import IntegrationInstructions from '@mui/icons-material/IntegrationInstructions';
import History from '@mui/icons-material/History';
import Inventory2 from '@mui/icons-material/Inventory2';
import Link from '@mui/icons-material/Link';
import ListAlt from '@mui/icons-material/ListAlt';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import People from '@mui/icons-material/People';
import PermMedia from '@mui/icons-material/PermMedia';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Psychology from '@mui/icons-material/Psychology';
import Queue from '@mui/icons-material/Queue';
import RateReview from '@mui/icons-material/RateReview';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Sell from '@mui/icons-material/Sell';
import Settings from '@mui/icons-material/Settings';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Stairs from '@mui/icons-material/Stairs';
import Storefront from '@mui/icons-material/Storefront';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import TableChart from '@mui/icons-material/TableChart';
import Translate from '@mui/icons-material/Translate';
import Tune from '@mui/icons-material/Tune';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ViewList from '@mui/icons-material/ViewList';
import Warehouse from '@mui/icons-material/Warehouse';
import Workspaces from '@mui/icons-material/Workspaces';

export const ICONS: Readonly<Record<string, ComponentType>> = {
  AccountTree,
  Article,
  Autorenew,
  Badge,
  Build,
  Business,
  Category,
  Collections,
  DateRange,
  EmojiSymbols,
  Euro,
  Extension,
  FactCheck,
  Flag,
  GTranslate,
  Groups,
  IntegrationInstructions,
  History,
  Inventory2,
  Link,
  ListAlt,
  Lock,
  MenuBook,
  People,
  PermMedia,
  PhotoLibrary,
  PlaylistAdd,
  Psychology,
  Queue,
  RateReview,
  ReceiptLong,
  Sell,
  Settings,
  ShoppingCart,
  Stairs,
  Storefront,
  SwapHoriz,
  TableChart,
  TaskAlt,
  Translate,
  Tune,
  ViewList,
  Warehouse,
  Workspaces,
};

/** Whether a schema icon name is in the map (tests/unit/icons.test.ts checks every declaration with it). */
export const isIconName = (name: string): boolean => Object.prototype.hasOwnProperty.call(ICONS, name);

/**
 * The icon for a schema icon name. An unknown name is a declaration mistake (add the import above): the unit
 * test over the registry and the README example fails on it; at run time the menu still shows a neutral list
 * icon rather than breaking.
 */
export const iconFor = (name: string): ComponentType => (isIconName(name) ? ICONS[name] : ViewList);
